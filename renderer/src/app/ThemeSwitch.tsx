import { useThemeStore, type ThemePreference } from './theme-store';

const options: { value: ThemePreference; label: string }[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

export function ThemeSwitch() {
  const { preference, setPreference } = useThemeStore();
  return (
    <fieldset className="segmented" aria-label="Theme">
      <legend className="visually-hidden">Theme</legend>
      {options.map((o) => (
        <label key={o.value} className={preference === o.value ? 'active' : ''}>
          <input type="radio" name="theme" value={o.value} checked={preference === o.value} onChange={() => setPreference(o.value)} />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}
