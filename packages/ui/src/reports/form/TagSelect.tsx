import { type TagItem, REPORT_FORM_TEXTS } from '@hiraku/shared';
import { SelectField } from '../../components/forms/SelectField';
import { RequiredMark } from './RequiredMark';

/** One tag chosen from a category: the shared select with tag ids as numbers and the report form's ※. */
export function TagSelect({
  tags,
  value,
  onChange,
  ...field
}: {
  name: string;
  label: string;
  tags: readonly TagItem[];
  value: number | null;
  onChange: (value: number | null) => void;
  required?: boolean;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <SelectField
      {...field}
      value={value === null ? '' : String(value)}
      onChange={(next) => onChange(next === '' ? null : Number(next))}
      options={tags.map((tag) => ({ value: String(tag._id), label: tag.name }))}
      placeholder={REPORT_FORM_TEXTS.selectPlaceholder}
      requiredMark={<RequiredMark />}
    />
  );
}
