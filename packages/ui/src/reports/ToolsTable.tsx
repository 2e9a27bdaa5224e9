import { type ReportToolItem, REPORT_DETAIL_TEXTS } from '@hiraku/shared';

const t = REPORT_DETAIL_TEXTS;

export function ToolsTable({ tools, caption }: { tools: readonly ReportToolItem[]; caption: string }) {
  if (tools.length === 0) return <p className="report-detail__none">{t.noTools}</p>;
  return (
    <table className="tools-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t.toolName}</th>
          <th scope="col">{t.toolQuantity}</th>
        </tr>
      </thead>
      <tbody>
        {tools.map((tool, index) => (
          <tr key={`${index}-${tool.name}`}>
            <td>{tool.name}</td>
            <td>{tool.quantity || '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
