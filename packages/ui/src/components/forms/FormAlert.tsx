/**
 * The form-level message. The alert region is always in the page, so a message that appears in it
 * is announced by screen readers at once.
 */
export function FormAlert({ message }: { message: string | null | undefined }) {
  return (
    <div role="alert" className="form-alert-region">
      {message && <p className="form-alert">{message}</p>}
    </div>
  );
}

/** A quiet confirmation that does not interrupt ("確認メールを再送信しました。"). */
export function FormStatus({ message }: { message: string | null | undefined }) {
  return (
    <div role="status" className="form-alert-region">
      {message && <p className="form-status">{message}</p>}
    </div>
  );
}
