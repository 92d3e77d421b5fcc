import { useMemo, type ComponentProps } from 'react';

import { monthName } from '#client/lib/dates.ts';
import type { Language } from '#client/lib/language.ts';
import { birthDays, birthMonths, birthYears } from '#common/domain/birthdate.ts';

import { FormField } from './form-field.tsx';
import { NativeSelect } from './input.tsx';

type SelectProps = Omit<ComponentProps<'select'>, 'children'>;

interface Props {
  legend: string;
  labels: { month: string; day: string; year: string };
  /** Month names are shown in this language. */
  lang: Language;
  /** Field wiring for each part, e.g. react-hook-form's `register('birthMonth')`. */
  month: SelectProps;
  day: SelectProps;
  year: SelectProps;
  /** Already translated; shown under the day (an impossible date such as 31 February). */
  dayError?: string;
}

const optionsOf = (values: number[], label: (value: number) => string | number = (v) => v) =>
  values.map((v) => (
    <option key={v} value={String(v)}>
      {label(v)}
    </option>
  ));
const dayOptions = optionsOf(birthDays);

/**
 * The birthday choices as `<option>`s: months named in `lang`, days 1-31, this year and the 99 before.
 * The same elements on each render (days once, months once per language): a form rendering again skips them.
 */
export function useBirthOptions(lang: Language) {
  const months = useMemo(() => optionsOf(birthMonths, (m) => monthName(m, lang)), [lang]);
  const years = useMemo(() => optionsOf(birthYears()), []);
  return { months, days: dayOptions, years };
}

/** Optional birthday as three choices (month names, days 1-31, the current year and the 99 before). */
export function BirthdateFields({ legend, labels, lang, month, day, year, dayError }: Props) {
  const options = useBirthOptions(lang);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-[1.4fr_1fr_1.2fr] gap-2">
        <FormField label={labels.month}>
          <NativeSelect autoComplete="bday-month" {...month}>
            <option value="">—</option>
            {options.months}
          </NativeSelect>
        </FormField>
        <FormField label={labels.day} error={dayError}>
          <NativeSelect autoComplete="bday-day" {...day}>
            <option value="">—</option>
            {options.days}
          </NativeSelect>
        </FormField>
        <FormField label={labels.year}>
          <NativeSelect autoComplete="bday-year" {...year}>
            <option value="">—</option>
            {options.years}
          </NativeSelect>
        </FormField>
      </div>
    </fieldset>
  );
}
