/** A report's thumbnail where it has one; lists on these pages simply leave it out otherwise (docs/product.md §2). */
export function ReportThumbnail({ url }: { url: string | null }) {
  if (!url) return null;
  // Decorative: the title next to it already names the report.
  return <img className="report-row__thumbnail" src={url} alt="" width={150} height={150} loading="lazy" decoding="async" />;
}
