import { forwardRef } from 'react';
import { countryList } from '@atrium/common/rules/countries';
import { SelectField, type SelectFieldProps } from './SelectField.tsx';

/** The country the browser's locale names (en-US → US), so most people need not look for theirs. */
export function localeCountry(): string {
  const region = /-([A-Za-z]{2})\b/.exec(navigator.language)?.[1]?.toUpperCase() ?? '';
  return countryList().some((country) => country.code === region) ? region : '';
}

/** A select of every ISO 3166-1 country, by name. */
export const CountrySelectField = forwardRef<HTMLSelectElement, Omit<SelectFieldProps, 'options'>>(function CountrySelectField(props, ref) {
  return <SelectField ref={ref} autoComplete="country" options={countryList().map(({ code, name }) => ({ value: code, label: name }))} {...props} />;
});
