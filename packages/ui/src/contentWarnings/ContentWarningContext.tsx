import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { coveringContentWarnings, defaultContentWarningSettings, type ContentWarningKey, type ContentWarningSettings } from '@hiraku/shared';
import { useEndpointQuery } from '../query/endpointQuery';
import { useSession } from '../session/SessionContext';

interface ContentWarningView {
  settings: ContentWarningSettings;
  /** The signed-in member's public id: their own reports are never covered. */
  viewerPublicId: string | null;
}

/** Without a provider (a visitor's first paint, a test): every label on 警告してから表示. */
const ContentWarningContext = createContext<ContentWarningView>({ settings: defaultContentWarningSettings(), viewerPublicId: null });

/**
 * The member's choice per content warning, for every card and report page under it: read once
 * from GET /api/content-warnings/settings while signed in; the defaults otherwise and until it arrives
 * (covering too much for a moment rather than showing too much).
 */
export function ContentWarningProvider({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const signedIn = status === 'authenticated';
  const saved = useEndpointQuery('contentWarnings.settings', undefined, { enabled: signedIn, staleTime: 60_000 });
  const data = signedIn ? saved.data : undefined;
  const value = useMemo<ContentWarningView>(
    () => ({ settings: data ?? defaultContentWarningSettings(), viewerPublicId: signedIn ? (user?.publicId ?? null) : null }),
    [data, signedIn, user?.publicId],
  );
  return <ContentWarningContext.Provider value={value}>{children}</ContentWarningContext.Provider>;
}

/** The labels `report` is covered with for this member (empty: shown as is). */
export function useCoveringWarnings(warnings: readonly ContentWarningKey[], authorPublicId: string): ContentWarningKey[] {
  const { settings, viewerPublicId } = useContext(ContentWarningContext);
  if (warnings.length === 0 || authorPublicId === viewerPublicId) return [];
  return coveringContentWarnings(warnings, settings);
}
