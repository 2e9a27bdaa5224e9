import { isOperatorRole } from '@hiraku/shared';
import type { ReportImage, ReportImageDisplay, SensitiveImageChoice } from '@hiraku/shared';
import type { UserRole } from '../models';

/**
 * Whoever looks at a report's image: a signed-in member with their 設定 choice (the session member
 * carries it), or a visitor (null). A viewer loaded without the choice gets the default, ぼかす.
 */
export type ImageViewer = { id: number; role: UserRole; sensitiveImages?: SensitiveImageChoice } | null;

/** The facts about a report's main image that decide how it is shown. */
export interface ReportImageFacts {
  authorId: number;
  hasImage: boolean;
  sensitive: boolean;
}

const DISPLAY_OF_CHOICE: Record<SensitiveImageChoice, ReportImageDisplay> = { show: 'full', blur: 'blur', hide: 'hidden' };

/**
 * How `viewer` gets a report's main image: an unlabelled image in full to every member; a
 * labelled one as the member chose in 設定 (表示する / ぼかす / 表示しない), except for its author and
 * operators, who see it in full (still labelled). A visitor never gets a labelled image at all. Every
 * presenter of a report image asks here, so no answer carries a full address the viewer should not get.
 */
export function imageDisplayFor(viewer: ImageViewer, image: ReportImageFacts): ReportImageDisplay | null {
  if (!image.hasImage) return null;
  if (!image.sensitive) return 'full';
  if (!viewer) return 'hidden';
  if (viewer.id === image.authorId || isOperatorRole(viewer.role)) return 'full';
  return DISPLAY_OF_CHOICE[viewer.sensitiveImages ?? 'blur'];
}

/** The stored keys of a report's image and its label, as the report row holds them. */
export interface ReportImageSource {
  authorId: number;
  thumbnailKey: string | null;
  mainImageKey?: string | null;
  imageSensitive: boolean;
  imageSensitiveLocked: boolean;
  imagePreviewKey: string | null;
}

/**
 * The image part of a report answer: the full addresses only with display 'full', the blurred preview
 * only with 'blur', neither with 'hidden'. `url` turns a stored key into its address.
 */
export function presentReportImage(
  viewer: ImageViewer,
  source: ReportImageSource,
  url: (key: string) => string,
): { image: ReportImage | null; thumbnailUrl: string | null; mainImageUrl: string | null } {
  const hasImage = Boolean(source.thumbnailKey ?? source.mainImageKey);
  const display = imageDisplayFor(viewer, { authorId: source.authorId, hasImage, sensitive: source.imageSensitive });
  if (display === null) return { image: null, thumbnailUrl: null, mainImageUrl: null };
  const full = display === 'full';
  return {
    image: {
      sensitive: source.imageSensitive,
      locked: source.imageSensitiveLocked,
      display,
      previewUrl: display === 'blur' && source.imagePreviewKey ? url(source.imagePreviewKey) : null,
    },
    thumbnailUrl: full && source.thumbnailKey ? url(source.thumbnailKey) : null,
    mainImageUrl: full && source.mainImageKey ? url(source.mainImageKey) : null,
  };
}
