import { useMemo, type ComponentProps } from 'react';

import { monthName } from '#client/lib/dates.ts';
import { birthDays, birthMonths, birthYears } from '#common/domain/birthdate.ts';

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

// Elements made once (days) or once per language (months, years): a form rendering again skips them.
const dayOptions = birthDays.map((d) => (
  <option key={d} value={String(d)}>
    {d}
  </option>
));

/** Optional birthday as three choices (month names, days 1-31, the current year and the 99 before). */
export function BirthdateFields({ legend, labels, lang, month, day, year, dayError }: Props) {
  const monthOptions = useMemo(
    () =>
      birthMonths.map((m) => (
        <option key={m} value={String(m)}>
          {monthName(m, lang)}
        </option>
      )),
    [lang],
  );
  const yearOptions = useMemo(
    () =>
      birthYears().map((y) => (
        <option key={y} value={String(y)}>
          {y}
        </option>
      )),
    [],
  );
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-[1.4fr_1fr_1.2fr] gap-2">
        <FormField label={labels.month}>
          <NativeSelect autoComplete="bday-month" {...month}>
            <option value="">—</option>
            {monthOptions}
          </NativeSelect>
        </FormField>
        <FormField label={labels.day} error={dayError}>
          <NativeSelect autoComplete="bday-day" {...day}>
            <option value="">—</option>
            {dayOptions}
          </NativeSelect>
        </FormField>
        <FormField label={labels.year}>
          <NativeSelect autoComplete="bday-year" {...year}>
            <option value="">—</option>
            {yearOptions}
          </NativeSelect>
        </FormField>
      </div>
    </fieldset>
  );
}
