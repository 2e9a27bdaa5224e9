import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PATHS } from '../routes/paths';

/**
 * React Router gives the first location of a visit the key 'default': a page opened directly (from a
 * bookmark or another site) has nowhere inside the app to go back to.
 */
export function hasInAppHistory(locationKey: string): boolean {
  return locationKey !== 'default';
}

/** Back to the previous page of this visit, or to the top page when there is none. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (hasInAppHistory(key)) navigate(-1);
    else navigate(PATHS.home);
  }, [key, navigate]);
}
