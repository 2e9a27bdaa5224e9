import { useState } from 'react';
import { DEFAULT_PROFILE_ICON_URL } from '../assets/defaultProfileIcon';

/**
 * A member's icon, or the default one when there is none or the stored file cannot be loaded (a broken
 * image would leave an empty box where the member expects a face).
 */
export function ProfileIcon({ iconUrl, alt, size = 80, className = 'profile-icon' }: { iconUrl: string | null; alt: string; size?: number; className?: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const src = iconUrl && iconUrl !== failedUrl ? iconUrl : DEFAULT_PROFILE_ICON_URL;
  return <img className={className} src={src} alt={alt} width={size} height={size} decoding="async" onError={() => iconUrl && setFailedUrl(iconUrl)} />;
}
