import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router-dom';
import { SHELL_TEXTS, MESSAGES_COMMON } from '@hiraku/shared';
import { PageTitle } from '../components/PageTitle';
import { PATHS } from '../routes/paths';

/**
 * Shown instead of the whole layout when rendering throws, so it relies on nothing that may have failed.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error('page failed to render', error);
  }, [error]);
  return (
    <main className="page page--narrow route-error">
      <PageTitle page={SHELL_TEXTS.routeError.title} />
      <h1 className="page__title">{SHELL_TEXTS.routeError.title}</h1>
      <p>{MESSAGES_COMMON.genericError}</p>
      <p>
        <Link to={PATHS.home} className="button button--primary">
          {SHELL_TEXTS.notFound.toHome}
        </Link>
      </p>
    </main>
  );
}
