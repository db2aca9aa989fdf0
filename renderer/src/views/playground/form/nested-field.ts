import { createContext, useContext, type ComponentType } from 'react';
import type { FieldProps } from './field-props';

/**
 * The renderer containers use for their children. The form's root provides SchemaField, so the
 * recursion (object → field → object) lives in the component tree, not in an import cycle.
 */
export const NestedField = createContext<ComponentType<FieldProps> | null>(null);

export function useNestedField(): ComponentType<FieldProps> {
  const field = useContext(NestedField);
  if (!field) throw new Error('Generated form fields must be rendered inside <FormFields>.');
  return field;
}
