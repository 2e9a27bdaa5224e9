import { useId } from 'react';
import { FOLLOW_TEXTS, REPORT_AUDIENCES, type ReportAudience } from '@hiraku/shared';
import { useEndpointQuery } from '../query/endpointQuery';

const t = FOLLOW_TEXTS;

/**
 * The report form's 公開範囲: 全会員 or フォロワーのみ. Offered only with フォロー承認制 on (the
 * server refuses フォロワーのみ without it), or when the report already is followers-only.
 */
export function AudienceField({ value, onChange, disabled, error }: { value: ReportAudience; onChange: (audience: ReportAudience) => void; disabled: boolean; error?: string }) {
  const id = useId();
  const settings = useEndpointQuery('follows.settings');
  if (!settings.data?.approval && value === 'members') return null;
  const labels: Record<ReportAudience, string> = { members: t.audienceMembers, followers: t.audienceFollowers };
  return (
    <div className="field report-form__audience" data-field="audience">
      <label htmlFor={id} className="field__label">
        {t.audienceLabel}
      </label>
      <select
        id={id}
        name="audience"
        className="field__input"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value === 'followers' ? 'followers' : 'members')}
      >
        {REPORT_AUDIENCES.map((audience) => (
          <option key={audience} value={audience}>
            {labels[audience]}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
