import { useId } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { LIMITS, type ReportFormValues, type TagItem, REPORT_FORM_TEXTS } from '@hiraku/shared';
import { usePlatform } from '../../platform/PlatformContext';
import { addTool, changeTool, removeTool } from './formRows';

const t = REPORT_FORM_TEXTS;

/**
 * The tools table of the report form (a field array of its react-hook-form): name and quantity per row, up to
 * 10 rows; tool tags are offered as suggestions. The limits in ./formRows refuse a change with an alert.
 */
export function ToolsEditor({ suggestions, error, disabled }: { suggestions: readonly TagItem[]; error?: string; disabled?: boolean }) {
  const platform = usePlatform();
  const listId = useId();
  const errorId = useId();
  const { control, register, getValues, setValue, clearErrors } = useFormContext<ReportFormValues>();
  const { fields, append, replace } = useFieldArray({ control, name: 'tools' });
  const tools = useWatch({ control, name: 'tools' });

  return (
    <div className={`tools-editor${error ? ' field--invalid' : ''}`} data-field="tools">
      <datalist id={listId}>
        {suggestions.map((tag) => (
          <option key={tag._id} value={tag.name} />
        ))}
      </datalist>
      {fields.length > 0 && (
        <table className="tools-editor__table">
          <thead>
            <tr>
              <th scope="col">{t.toolName}</th>
              <th scope="col">{t.toolQuantity}</th>
              <th scope="col">
                <span className="visually-hidden">{t.remove}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field, index) => (
              <tr key={field.id} className="tools-editor__row">
                <td data-label={t.toolName}>
                  <input
                    className="field__input"
                    {...register(`tools.${index}.name`, { onChange: () => clearErrors('tools') })}
                    aria-label={`${t.toolRow(index + 1)}：${t.toolName}`}
                    list={listId}
                    maxLength={LIMITS.toolNameMax}
                    placeholder={index === 0 ? t.toolNamePlaceholder : undefined}
                    disabled={disabled}
                    aria-describedby={error ? errorId : undefined}
                  />
                </td>
                <td data-label={t.toolQuantity}>
                  <input
                    className="field__input"
                    name={`tools.${index}.quantity`}
                    aria-label={`${t.toolRow(index + 1)}：${t.toolQuantity}`}
                    placeholder={index === 0 ? t.toolQuantityPlaceholder : undefined}
                    value={tools[index]?.quantity ?? ''}
                    disabled={disabled}
                    onChange={(event) => {
                      const next = changeTool(getValues('tools'), index, { quantity: event.target.value });
                      if (!next.ok) {
                        platform.alert(next.message);
                        return;
                      }
                      setValue(`tools.${index}.quantity`, event.target.value);
                      clearErrors('tools');
                    }}
                  />
                </td>
                <td className="tools-editor__remove">
                  <button
                    type="button"
                    className="button button--text"
                    onClick={() => {
                      replace(removeTool(getValues('tools'), index));
                      clearErrors('tools');
                    }}
                    disabled={disabled}
                    aria-label={t.removeTool(index + 1)}
                  >
                    {t.remove}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      <button
        type="button"
        className="button button--ghost"
        disabled={disabled}
        onClick={() => {
          const next = addTool(getValues('tools'));
          const added = next.ok ? next.rows.at(-1) : undefined;
          if (!next.ok) platform.alert(next.message);
          else if (added) {
            append(added, { shouldFocus: false });
            clearErrors('tools');
          }
        }}
      >
        {t.addTool}
      </button>
    </div>
  );
}
