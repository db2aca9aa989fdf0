import type { FieldProps } from './field-props';
import { kindOf } from './schema-model';
import { ArrayField, ObjectField, ObjectProperties, UnionField } from './ContainerFields';
import { NestedField } from './nested-field';
import { BooleanField, ConstField, EnumField, JsonValueField, NumberField, StringField } from './ScalarFields';
import { AddressField } from '../widgets/AddressField';
import { AssetIdField } from '../widgets/AssetIdField';
import { CategoryField } from '../widgets/CategoryField';
import { AssetListField, NetworksField, StepIdField } from '../widgets/ListWidgets';
import { widgetFor } from '../widgets/widget-rules';

/** One argument: a domain widget where the app knows the argument, otherwise the control its schema calls for. */
export function SchemaField(p: FieldProps) {
  const widget = widgetFor(p.tool, p.path, p.schema);
  switch (widget?.kind) {
    case 'asset-id':
      return <AssetIdField {...p} widget={widget} />;
    case 'address':
      return <AddressField {...p} widget={widget} />;
    case 'asset-list':
      return <AssetListField {...p} widget={widget} />;
    case 'networks':
      return <NetworksField {...p} widget={widget} />;
    case 'category':
      return <CategoryField {...p} />;
    case 'step-id':
      return <StepIdField {...p} />;
    default:
      break;
  }
  switch (kindOf(p.schema)) {
    case 'string':
      return <StringField {...p} />;
    case 'number':
    case 'integer':
      return <NumberField {...p} />;
    case 'boolean':
      return <BooleanField {...p} />;
    case 'enum':
      return <EnumField {...p} />;
    case 'const':
      return <ConstField {...p} />;
    case 'array':
      return <ArrayField {...p} />;
    case 'object':
      return <ObjectField {...p} />;
    case 'union':
      return <UnionField {...p} />;
    case 'null':
      return <ConstField {...p} schema={{ ...p.schema, const: null }} />;
    default:
      return <JsonValueField {...p} />;
  }
}

/** The root of a generated form: the tool's arguments, with SchemaField rendering every nested field. */
export function FormFields(p: Parameters<typeof ObjectProperties>[0]) {
  return (
    <NestedField.Provider value={SchemaField}>
      <ObjectProperties {...p} />
    </NestedField.Provider>
  );
}
