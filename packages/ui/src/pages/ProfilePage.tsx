import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { PROFILE_MESSAGES, PROFILE_TEXTS, IMAGE_MESSAGES, profileFormSchema, type OwnProfile, type TagItem } from '@hiraku/shared';
import { errorMessage, isApiError } from '../api/apiError';
import { useApi } from '../api/ApiContext';
import { fieldErrorsFromIssues, focusFirstError, FormAlert, FormStatus, messagesOf, messagesResolver, SubmitButton, TextField, type FieldErrors } from '../components/forms';
import { PageTitle } from '../components/PageTitle';
import { useNotice } from '../notice/NoticeContext';
import { IconPicker } from '../profile/IconPicker';
import { PROFILE_TAG_KEYS, profileTagChoices, stripAtSign, type ProfileTagKey } from '../profile/profileTagChoices';
import { SelectField } from '../components/forms/SelectField';
import { endpointQueryKey, useEndpointQuery } from '../query/endpointQuery';
import { invalidateProfile } from '../query/reportCache';
import { PATHS } from '../routes/paths';
import { useTags } from '../taxonomy/useTags';
import { usePlatform } from '../platform/PlatformContext';

const t = PROFILE_TEXTS.form;
const FIELD_ORDER = ['username', 'gender', 'sexualOrientation', 'role', 'twitterId', 'icon'] as const;
/** Texts the server sends about the icon file: shown under the icon picker rather than above the form. */
const ICON_MESSAGES: ReadonlySet<string> = new Set([...Object.values(IMAGE_MESSAGES), PROFILE_MESSAGES.iconSaveFailed]);

interface FormValues {
  username: string;
  gender: string;
  sexualOrientation: string;
  role: string;
  twitterId: string;
}

/** The shared schema's messages, and 「…を選択してください」 for a profile tag left unchosen. */
function checkProfile(values: FormValues): FieldErrors {
  const parsed = profileFormSchema.safeParse(values);
  const found: FieldErrors = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
  for (const key of PROFILE_TAG_KEYS) {
    if (!values[key] && !found[key]) found[key] = t.selectRequired(t[key]);
  }
  return found;
}

function valuesFrom(profile: OwnProfile | null): FormValues {
  const id = (tag: { _id: number } | null | undefined) => (tag ? String(tag._id) : '');
  return {
    username: profile?.username ?? '',
    gender: id(profile?.gender),
    sexualOrientation: id(profile?.sexualOrientation),
    role: id(profile?.role),
    twitterId: profile?.twitterId ?? '',
  };
}

/**
 * /profile: create the profile (GET /api/profile answered 404) or edit it, then go to the dashboard.
 * Every field is checked with the schema the server uses, so what passes here passes there. The check,
 * the profile and the tags are read through the query cache (src/query): saving or removing the icon
 * invalidates them, so the next visit shows what was saved.
 */
export function ProfilePage() {
  const platform = usePlatform();
  // docs/product.md §7: the check call says whether there is a profile to edit or one to create.
  const check = useEndpointQuery('profile.check');
  const own = useEndpointQuery('profile.own', undefined, { enabled: check.data?.hasProfile === true });
  // Deleted in another tab since the check: not a failure, the "create" mode.
  const ownMissing = isApiError(own.error) && own.error.status === 404;
  const tags = useTags();
  const fetching = check.isFetching || own.isFetching || tags.isFetching;
  // docs/product.md §8: a failed check has its own words, whatever the server said.
  const failure = check.isError
    ? PROFILE_MESSAGES.checkFailed
    : own.isError && !ownMissing
      ? errorMessage(own.error, PROFILE_MESSAGES.fetchFailed)
      : tags.isError
        ? errorMessage(tags.error, PROFILE_MESSAGES.fetchFailed)
        : null;
  const failedAt = Math.max(check.errorUpdatedAt, own.errorUpdatedAt, tags.errorUpdatedAt);
  const profile = check.data?.hasProfile === false || ownMissing ? null : own.data;
  // The form starts from answers read fresh, not from stale ones being read again; once shown, it stays
  // through refetches (after removing the icon, say).
  const [shown, setShown] = useState(false);
  const ready = profile !== undefined && tags.data !== undefined && (shown || !fetching);
  if (ready && !shown) setShown(true);
  const shownFailure = ready || fetching ? null : failure;
  // Once per failed load (a retry that fails again says so again).
  useEffect(() => {
    if (shownFailure) platform.alert(shownFailure);
  }, [shownFailure, failedAt, platform]);

  const retry = () => {
    if (check.isError) void check.refetch();
    if (own.isError) void own.refetch();
    if (tags.isError) void tags.refetch();
  };

  if (ready) return <ProfileForm profile={profile} tags={tags.data} />;

  if (shownFailure === null) {
    return (
      <div className="page page--narrow profile-page">
        <PageTitle page={t.editTitle} />
        <p role="status" className="page-loading">
          {t.loading}
        </p>
      </div>
    );
  }

  return (
    <div className="page page--narrow profile-page">
      <PageTitle page={t.editTitle} />
      <h1 className="page__title">{t.editTitle}</h1>
      <div role="alert">
        <p className="form-problem">{shownFailure}</p>
      </div>
      <button type="button" className="button button--primary" onClick={retry}>
        {t.retry}
      </button>
    </div>
  );
}

/** The form itself: its values start from the profile once; a later refetch (after removing the icon) keeps what is typed. */
function ProfileForm({ profile, tags }: { profile: OwnProfile | null; tags: TagItem[] }) {
  const platform = usePlatform();
  const { profile: profileApi } = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { showNotice } = useNotice();
  const formRef = useRef<HTMLFormElement>(null);
  const resolver = useMemo(() => messagesResolver(checkProfile), []);
  // A message stays until its field changes or the form is sent again, never re-judged per key.
  const { control, handleSubmit, setValue, clearErrors, setError, formState } = useForm<FormValues>({ defaultValues: valuesFrom(profile), resolver, reValidateMode: 'onSubmit', shouldFocusError: false });
  const values = useWatch({ control }) as FormValues;
  const [icon, setIcon] = useState<File | null>(null);
  /** The icon file is judged by the picker and the server, not by the schema. */
  const [iconError, setIconError] = useState<string | undefined>(undefined);
  const errors: FieldErrors = { ...messagesOf(formState.errors), icon: iconError };
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const setField = useCallback(
    (name: keyof FormValues, value: string) => {
      setValue(name, value);
      // The message was about the old value; it comes back on the next submit if still true.
      clearErrors(name);
    },
    [setValue, clearErrors],
  );

  const isNew = profile === null;
  const title = isNew ? t.createTitle : t.editTitle;

  const save = async (checked: FormValues) => {
    setIconError(undefined);
    setBusy(true);
    try {
      // The resolver has passed these values, so this parse only applies the schema's normalisation.
      await profileApi.save({ ...profileFormSchema.parse(checked), icon });
      void invalidateProfile(queryClient);
      platform.alert(PROFILE_MESSAGES.saved);
      showNotice(PROFILE_MESSAGES.saved, 'success');
      navigate(PATHS.dashboard);
    } catch (error) {
      const message = errorMessage(error, PROFILE_MESSAGES.saveFailed);
      const fields: FieldErrors = { ...(isApiError(error) ? error.fields : {}) };
      if (ICON_MESSAGES.has(message)) fields.icon = message;
      for (const [name, text] of Object.entries(fields)) {
        if (!text) continue;
        if (name === 'icon') setIconError(text);
        else if (name in checked) setError(name as keyof FormValues, { type: 'server', message: text });
      }
      // A message already shown next to its field need not be repeated above the form.
      setFormError(Object.values(fields).includes(message) ? null : message);
      setBusy(false);
      focusFirstError(formRef.current, fields, FIELD_ORDER);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    setFormError(null);
    setStatus(null);
    void handleSubmit(save, (found) => focusFirstError(formRef.current, messagesOf(found), FIELD_ORDER))(event);
  };

  /** Only on request: a new file replaces the old icon when the form is saved, never before. */
  const removeCurrentIcon = async () => {
    if (!profile?.iconUrl || busy) return;
    if (!(await platform.confirm(PROFILE_TEXTS.icon.removeConfirm))) return;
    setBusy(true);
    setFormError(null);
    setStatus(null);
    try {
      const saved = await profileApi.deleteImage(profile.publicId);
      // The answer is the truth at once; the rest (public page, report cards) is read again.
      queryClient.setQueryData<OwnProfile>(endpointQueryKey('profile.own'), (own) => (own ? { ...own, iconUrl: saved.profile.iconUrl } : own));
      void invalidateProfile(queryClient);
      setStatus(saved.message || PROFILE_MESSAGES.iconDeleted);
    } catch (error) {
      setFormError(errorMessage(error, PROFILE_TEXTS.icon.removeFailed));
    } finally {
      setBusy(false);
    }
  };

  const tagField = (key: ProfileTagKey) => (
    <SelectField
      label={t[key]}
      name={key}
      required
      value={values[key]}
      onChange={(value) => setField(key, value)}
      placeholder={t.choose}
      options={profileTagChoices(tags, key, profile?.[key] ?? null).map((tag) => ({ value: String(tag._id), label: tag.name }))}
      error={errors[key]}
    />
  );

  return (
    <div className="page page--narrow profile-page">
      <PageTitle page={title} />
      <h1 className="page__title">{title}</h1>
      <p className="page__lead">{isNew ? t.createLead : t.editLead}</p>
      <div className="account-card">
        <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
          <FormAlert message={formError} />
          <FormStatus message={status} />
          <IconPicker
            currentIconUrl={profile?.iconUrl ?? null}
            file={icon}
            onFileChange={(file) => {
              setIcon(file);
              setIconError(undefined);
            }}
            onProblem={(problem) => setIconError(problem ?? undefined)}
            onRemoveCurrent={profile?.iconUrl ? () => void removeCurrentIcon() : undefined}
            error={errors.icon}
            disabled={busy}
          />
          <TextField
            label={t.username}
            name="username"
            required
            autoComplete="nickname"
            value={values.username}
            onChange={(value) => setField('username', value)}
            error={errors.username}
            hint={t.usernameHint}
          />
          {tagField('gender')}
          {tagField('sexualOrientation')}
          {tagField('role')}
          <TextField
            label={t.twitterId}
            name="twitterId"
            autoComplete="off"
            value={values.twitterId}
            onChange={(value) => setField('twitterId', stripAtSign(value))}
            error={errors.twitterId}
            hint={t.twitterIdHint}
          />
          <SubmitButton busy={busy}>{isNew ? t.submitCreate : t.submitEdit}</SubmitButton>
        </form>
      </div>
      <div className="account-page__after profile-page__after">
        {!isNew && (
          <p>
            <Link to={PATHS.dashboard}>{t.cancel}</Link>
          </p>
        )}
        {!isNew && (
          <p>
            <Link to={PATHS.deleteAccount} className="profile-page__delete-link">
              {t.deleteAccount}
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
