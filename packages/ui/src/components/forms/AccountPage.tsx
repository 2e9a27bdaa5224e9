import type { ReactNode } from 'react';
import { PageTitle } from '../PageTitle';

/** The frame shared by the account screens: a narrow column with the title, a lead and a card. */
export function AccountPage({ title, lead, children, before, after }: { title: string; lead?: ReactNode; children: ReactNode; before?: ReactNode; after?: ReactNode }) {
  return (
    <div className="page page--narrow account-page">
      <PageTitle page={title} />
      {before}
      <h1 className="page__title">{title}</h1>
      {lead && <p className="page__lead">{lead}</p>}
      <div className="account-card">{children}</div>
      {after && <div className="account-page__after">{after}</div>}
    </div>
  );
}
