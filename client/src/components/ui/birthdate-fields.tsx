import { useMemo, type ComponentProps } from 'react';

import { birthDays, birthMonths, birthYears, monthName } from '#common/domain/birthdate.ts';

import { FormField } from './form-field.tsx';
import { NativeSelect } from './input.tsx';

type SelectProps = Omit<ComponentProps<'select'>, 'children'>;

interface Props {
  legend: string;
  labels: { month: string; day: string; year: string };
  /** Month names are shown in this language. */
  lang: string;
  /** Field wiring for each part, e.g. react-hook-form's `register('birthMonth')`. */
  month: SelectProps;
  day: SelectProps;
  year: SelectProps;
  /** Already translated; shown under the day (an impossible date such as 31 February). */
  dayError?: string;
}

/** Optional birthday as three choices (month names, days 1-31, the current year and the 99 before). */
export function BirthdateFields({ legend, labels, lang, month, day, year, dayError }: Props) {
  const months = useMemo(() => birthMonths.map((m) => ({ value: String(m), label: monthName(m, lang) })), [lang]);
  const years = useMemo(() => birthYears(), []);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-[1.4fr_1fr_1.2fr] gap-2">
        <FormField label={labels.month}>
          <NativeSelect autoComplete="bday-month" {...month}>
            <option value="">—</option>
            {months.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={labels.day} error={dayError}>
          <NativeSelect autoComplete="bday-day" {...day}>
            <option value="">—</option>
            {birthDays.map((d) => (
              <option key={d} value={String(d)}>
                {d}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={labels.year}>
          <NativeSelect autoComplete="bday-year" {...year}>
            <option value="">—</option>
            {years.map((y) => (
              <option key={y} value={String(y)}>
                {y}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
    </fieldset>
  );
}
