import { useId } from 'react';
import { LIMITS, REPORT_TEXTS, type ReportFormValues, type TagItem } from '@hiraku/shared';
import { addTool, changeTool, removeTool } from './formRows';
import { usePlatform } from '../../platform/PlatformContext';

const t = REPORT_TEXTS.form;
type Tools = ReportFormValues['tools'];

/** The tools table of the form: name and quantity per row, up to 10 rows; tool tags are offered as suggestions. */
export function ToolsEditor({ tools, suggestions, onChange, error, disabled }: { tools: Tools; suggestions: readonly TagItem[]; onChange: (tools: Tools) => void; error?: string; disabled?: boolean }) {
  const platform = usePlatform();
  const listId = useId();
  const errorId = useId();
  return (
    <div className={`tools-editor${error ? ' field--invalid' : ''}`} data-field="tools">
      <datalist id={listId}>
        {suggestions.map((tag) => (
          <option key={tag._id} value={tag.name} />
        ))}
      </datalist>
      {tools.length > 0 && (
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
            {tools.map((tool, index) => (
              // Rows have no identity of their own; the index is what the multipart field names use too.
              <tr key={index} className="tools-editor__row">
                <td data-label={t.toolName}>
                  <input
                    className="field__input"
                    name={`tools[${index}][name]`}
                    aria-label={`${t.toolRow(index + 1)}：${t.toolName}`}
                    list={listId}
                    maxLength={LIMITS.toolNameMax}
                    placeholder={index === 0 ? t.toolNamePlaceholder : undefined}
                    value={tool.name}
                    disabled={disabled}
                    aria-describedby={error ? errorId : undefined}
                    onChange={(event) => {
                      const next = changeTool(tools, index, { name: event.target.value });
                      if (next.ok) onChange(next.rows);
                    }}
                  />
                </td>
                <td data-label={t.toolQuantity}>
                  <input
                    className="field__input"
                    name={`tools[${index}][quantity]`}
                    aria-label={`${t.toolRow(index + 1)}：${t.toolQuantity}`}
                    placeholder={index === 0 ? t.toolQuantityPlaceholder : undefined}
                    value={tool.quantity}
                    disabled={disabled}
                    onChange={(event) => {
                      const next = changeTool(tools, index, { quantity: event.target.value });
                      if (next.ok) onChange(next.rows);
                      else platform.alert(next.message);
                    }}
                  />
                </td>
                <td className="tools-editor__remove">
                  <button type="button" className="button button--text" onClick={() => onChange(removeTool(tools, index))} disabled={disabled} aria-label={t.removeTool(index + 1)}>
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
          const next = addTool(tools);
          if (next.ok) onChange(next.rows);
          else platform.alert(next.message);
        }}
      >
        {t.addTool}
      </button>
    </div>
  );
}
