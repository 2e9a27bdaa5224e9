import { ContentWarningFields } from '../../contentWarnings/ContentWarningFields';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm, useWatch, type PathValue } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { AUTOSAVE_TEXTS, charLength, IMAGE_MESSAGES, LIMITS, COMMON_TEXTS, CONTENT_WARNING_TEXTS, REPORT_MESSAGES, REPORT_FIELD_LABELS, REPORT_FORM_TEXTS, REPORT_IMAGE_FIELD, reportFormEntries, reportInputSchema, type ReportFormValues } from '@hiraku/shared';
import { useAnalytics } from '../../analytics/AnalyticsContext';
import { errorMessage, isApiError } from '../../api/apiError';
import { fieldErrorsFromIssues, FormAlert, messagesOf, messagesResolver, type FieldErrors } from '../../components/forms';
import { useNotice } from '../../notice/NoticeContext';
import { PATHS } from '../../routes/paths';
import { internalPath } from '../../session/returnTo';
import { MainImageField, type ImageAttestation } from './MainImageField';
import { RequiredMark } from './RequiredMark';
import { StepsEditor } from './StepsEditor';
import { TagMultiSelect } from './TagMultiSelect';
import { TagSelect } from './TagSelect';
import { ToolsEditor } from './ToolsEditor';
import type { TagsByCategory } from './useReportTags';
import { useLeaveWarning } from './useLeaveWarning';
import { useDeleteReport, useSaveReport } from './reportWrites';
import { acceptTitle, numberSteps } from './formRows';
import { usePlatform } from '../../platform/PlatformContext';
import { useSession } from '../../session';
import { useReportAutosave } from './useReportAutosave';
import { AudienceField } from '../../follows/AudienceField';

const t = REPORT_FORM_TEXTS;
const label = REPORT_FIELD_LABELS;

/** Where focus goes when several fields are wrong: the order they appear in. */
const FIELD_ORDER = ['title', 'gender', 'sexualOrientation', 'role', 'playCategories', 'playContents', 'tools', 'play', 'description', 'tips', 'warnings', 'warningOther', 'mainImage'] as const;

type Intent = 'draft' | 'publish';

/** Where the autosave starts: the server row this form continues, and what the server already holds. */
export interface AutosaveStart {
  autosaveId: number | null;
  /** null: the server holds none of what the form starts with (a copy kept on this device), so it is sent at once. */
  synced: ReportFormValues | null;
}

export type ReportFormProps =
  | { mode: 'create'; initial: ReportFormValues; tags: TagsByCategory; tagsProblem: string | null; autosave?: AutosaveStart }
  | {
      mode: 'edit';
      autosave?: AutosaveStart;
      reportId: number;
      initial: ReportFormValues;
      tags: TagsByCategory;
      tagsProblem: string | null;
      currentImageUrl: string | null;
      /** An operator locked the image's センシティブな画像 label. */
      imageLocked: boolean;
      /** An operator locked the content warnings. */
      warningsLocked: boolean;
      canDelete: boolean;
    };


function sameValues(a: ReportFormValues, b: ReportFormValues): boolean {
  const plain = (v: ReportFormValues) => JSON.stringify({ ...v, removeMainImage: v.removeMainImage ?? false });
  return plain(a) === plain(b);
}

function focusField(form: HTMLFormElement | null, errors: FieldErrors) {
  const first = FIELD_ORDER.find((name) => errors[name]);
  if (!first || !form) return;
  const target = form.querySelector<HTMLElement>(
    `[name="${first}"], [data-field="${first}"] input, [data-field="${first}"] textarea, [data-field="${first}"] button`,
  );
  target?.focus();
}

/**
 * The report form of /create-report and /edit-report/:id (docs/product.md sections 2, 4 and 5). The limits
 * refuse a change as it is typed; what a published report needs (the ※ fields) is checked with the
 * same schema the server uses, before anything is sent.
 */
export function ReportForm(props: ReportFormProps) {
  const platform = usePlatform();
  const { track } = useAnalytics();
  const saveReport = useSaveReport();
  const deleteReport = useDeleteReport();
  const { showNotice } = useNotice();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const titleId = useId();
  const titleErrorId = useId();
  const titleCountId = useId();
  const descriptionId = useId();
  const tipsId = useId();
  const [file, setFileState] = useState<File | null>(null);
  /** The two attestations of issue 19, ticked for the chosen image: another image asks again. */
  const [attestation, setAttestation] = useState<ImageAttestation>({ consent: false, mosaic: false });
  const setFile = (next: File | null) => {
    setFileState(next);
    setAttestation({ consent: false, mosaic: false });
  };
  const [titleLimit, setTitleLimit] = useState<string | null>(null);
  /** Only the server judges the image file; its message stays until the next valid submit. */
  const [imageError, setImageError] = useState<string | undefined>(undefined);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Intent | 'deleting' | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Which button sent the form decides what the schema asks for (a draft needs less than a published report).
  const intent = useRef<Intent>('draft');
  const toSend = useRef<(values: ReportFormValues) => ReportFormValues>((values) => values);
  toSend.current = (values) => {
    const prepared: ReportFormValues = { ...values, play: numberSteps(values.play), isDraft: intent.current === 'draft' };
    if (props.mode === 'edit' && props.currentImageUrl && values.removeMainImage && !file) prepared.removeMainImage = true;
    else delete prepared.removeMainImage;
    if (file) {
      prepared.imageConsent = attestation.consent;
      prepared.imageMosaic = attestation.mosaic;
    }
    return prepared;
  };
  const resolver = useMemo(
    () =>
      messagesResolver<ReportFormValues>((values) => {
        const checked = reportInputSchema.safeParse(toSend.current(values));
        return checked.success ? {} : fieldErrorsFromIssues(checked.error.issues);
      }),
    [],
  );
  const form = useForm<ReportFormValues>({
    defaultValues: props.initial,
    resolver,
    // As before: a message stays until its field changes or the form is sent again, never re-judged per key.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { control, register, handleSubmit, clearErrors, setError, setValue, formState } = form;

  /** For the widgets that hand over a whole value (selects, chips): a change clears that field's message. */
  const set = <K extends 'gender' | 'sexualOrientation' | 'role' | 'playCategories' | 'playContents' | 'removeMainImage' | 'imageSensitive' | 'warnings' | 'warningOther'>(key: K, value: PathValue<ReportFormValues, K>) => {
    setValue(key, value);
    clearErrors(key);
  };
  const textField = (name: 'description' | 'tips') => register(name, { onChange: () => clearErrors(name) });
  const errors = messagesOf(formState.errors);
  const values = useWatch({ control }) as ReportFormValues;

  const unsaved = useMemo(() => {
    if (props.mode === 'create') return values.title.trim() !== '' || values.description.trim() !== '';
    return file !== null || !sameValues({ ...values, play: numberSteps(values.play) }, props.initial);
  }, [props.mode, props.initial, values, file]);
  // -- autosave: the words go to the server as they are typed.
  const session = useSession();
  const autosave = useReportAutosave({
    member: session.user?.publicId ?? '',
    reportId: props.mode === 'edit' ? props.reportId : null,
    autosaveId: props.autosave?.autosaveId ?? null,
    values,
    synced: props.autosave ? props.autosave.synced : props.initial,
  });
  // The report itself is not saved yet, autosave or not: leaving still asks (docs/product.md §4).
  const { release } = useLeaveWarning(unsaved);

  const save = async (checked: ReportFormValues) => {
    const sent = toSend.current(checked);
    setImageError(undefined);
    // Nothing is sent with an image whose two attestations are not both ticked (the server refuses it too).
    if (file && !(attestation.consent && attestation.mosaic)) {
      setImageError(IMAGE_MESSAGES.attestationRequired);
      refuse({ mainImage: IMAGE_MESSAGES.attestationRequired });
      return;
    }
    const body = new FormData();
    for (const [name, value] of reportFormEntries(sent)) body.append(name, value);
    if (file) body.append(REPORT_IMAGE_FIELD, file, file.name);

    setBusy(intent.current);
    setProgress(file ? 0 : null);
    track(`report_${props.mode}_submit`);
    const onUploadProgress = file ? ({ ratio }: { ratio: number }) => mounted.current && setProgress(ratio) : undefined;
    try {
      await saveReport.mutateAsync({ reportId: props.mode === 'create' ? null : props.reportId, body, onUploadProgress });
      track(`report_${props.mode}_success`);
      await autosave.finish();
      const done = props.mode === 'create' ? REPORT_MESSAGES.created : REPORT_MESSAGES.updated;
      release();
      platform.alert(done);
      showNotice(done, 'success');
      navigate(PATHS.reports);
    } catch (error) {
      track(`report_${props.mode}_failure`);
      if (!mounted.current) return;
      setBusy(null);
      setProgress(null);
      if (isApiError(error) && error.status === 409 && error.redirectUrl) {
        // No profile yet (docs/product.md §2): the server says where to go.
        const target = internalPath(error.redirectUrl, window.location.origin) ?? PATHS.profile;
        platform.alert(error.message);
        release();
        navigate(target);
        return;
      }
      // A refused image file (415, 413) comes without fields: it still belongs to the image field.
      const imageRefused = isApiError(error) && (error.status === 415 || error.status === 413) && file !== null && !error.fields.mainImage;
      const fields = isApiError(error) ? (imageRefused ? { ...error.fields, mainImage: error.message } : error.fields) : {};
      for (const [name, message] of Object.entries(fields)) {
        if (!message) continue;
        if (name === 'mainImage') setImageError(message);
        else if (name in checked) setError(name as keyof ReportFormValues, { type: 'server', message });
      }
      // docs/product.md §8: no answer at all (offline, time limit) is the generic "error while sending".
      const message =
        isApiError(error) && error.isNoResponse
          ? REPORT_MESSAGES.submitError
          : props.mode === 'create'
            ? REPORT_MESSAGES.createFailed(isApiError(error) ? error.serverMessage : undefined)
            : errorMessage(error, REPORT_MESSAGES.updateFailed);
      setFormError(message);
      focusField(formRef.current, fields);
    }
  };

  const refuse = (found: FieldErrors) => {
    setFormError(Object.values(found).find(Boolean) ?? COMMON_TEXTS.invalidInput);
    focusField(formRef.current, found);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    intent.current = submitter instanceof HTMLButtonElement && submitter.value === 'publish' ? 'publish' : 'draft';
    setFormError(null);
    void handleSubmit(save, (found) => refuse(messagesOf(found)))(event);
  };

  const onDelete = async () => {
    if (props.mode !== 'edit' || busy) return;
    track('report_delete_attempt');
    if (!(await platform.confirm(REPORT_MESSAGES.deleteConfirm)) || !mounted.current) return;
    setFormError(null);
    setBusy('deleting');
    try {
      await deleteReport.mutateAsync(props.reportId);
      release();
      platform.alert(REPORT_MESSAGES.deleted);
      showNotice(REPORT_MESSAGES.deleted, 'success');
      navigate(PATHS.dashboard);
    } catch (error) {
      if (!mounted.current) return;
      setBusy(null);
      setFormError(errorMessage(error, REPORT_MESSAGES.deleteFailed));
    }
  };

  const disabled = busy !== null;
  const titleLength = charLength(values.title);
  const titleProblem = titleLimit ?? errors.title;
  const { tags } = props;

  return (
    <FormProvider {...form}>
    <form ref={formRef} className="form report-form" noValidate onSubmit={onSubmit} aria-busy={disabled}>
      <p className="form__note">{t.requiredNote}</p>
      <FormAlert message={formError} />
      {props.tagsProblem && <p className="form-warning">{props.tagsProblem}</p>}

      <div className={`field${titleProblem ? ' field--invalid' : ''}`}>
        <label htmlFor={titleId} className="field__label">
          {label.title}
          <RequiredMark />
        </label>
        <input
          id={titleId}
          name="title"
          className="field__input"
          value={values.title}
          placeholder={t.titlePlaceholder}
          autoComplete="off"
          aria-required
          aria-invalid={titleProblem ? true : undefined}
          aria-describedby={[titleCountId, titleProblem ? titleErrorId : null].filter(Boolean).join(' ')}
          disabled={disabled}
          onChange={(event) => {
            // A title beyond the limit is refused, not cut: what was there stays (docs/product.md §5).
            const next = event.target.value;
            if (!acceptTitle(next)) {
              setTitleLimit(REPORT_MESSAGES.titleTooLong);
              return;
            }
            setTitleLimit(null);
            clearErrors('title');
            setValue('title', next);
          }}
        />
        <p id={titleCountId} className="field__hint report-form__counter">
          {t.titleCounter(titleLength, LIMITS.reportTitleMax)}
        </p>
        <div role="alert">
          {titleProblem && (
            <p id={titleErrorId} className="field__error">
              {titleProblem}
            </p>
          )}
        </div>
      </div>

      <fieldset className="report-form__group">
        <legend className="report-form__legend">{t.profileTagsHeading}</legend>
        <p className="field__hint">{t.profileTagsHint}</p>
        <div className="report-form__selects">
          <TagSelect name="gender" label={label.gender} tags={tags.gender} value={values.gender} onChange={(v) => set('gender', v)} required error={errors.gender} disabled={disabled} />
          <TagSelect
            name="sexualOrientation"
            label={label.sexualOrientation}
            tags={tags.sexualOrientation}
            value={values.sexualOrientation}
            onChange={(v) => set('sexualOrientation', v)}
            required
            error={errors.sexualOrientation}
            disabled={disabled}
          />
          <TagSelect name="role" label={label.role} tags={tags.role} value={values.role} onChange={(v) => set('role', v)} required error={errors.role} disabled={disabled} />
        </div>
      </fieldset>

      <fieldset className="report-form__group">
        <legend className="report-form__legend">{t.playHeading}</legend>
        <TagMultiSelect
          name="playCategories"
          label={label.playCategories}
          tags={tags.playCategory}
          selected={values.playCategories}
          max={LIMITS.playCategoriesMax}
          onChange={(ids) => set('playCategories', ids)}
          required
          error={errors.playCategories}
          disabled={disabled}
        />
        <TagMultiSelect
          name="playContents"
          label={label.playContents}
          tags={tags.playContent}
          selected={values.playContents}
          max={LIMITS.playContentsMax}
          onChange={(ids) => set('playContents', ids)}
          required
          error={errors.playContents}
          disabled={disabled}
        />
      </fieldset>

      <fieldset className="report-form__group">
        <legend className="report-form__legend">{t.toolsHeading}</legend>
        <ToolsEditor suggestions={tags.tools} error={errors.tools} disabled={disabled} />
      </fieldset>

      <fieldset className="report-form__group">
        <legend className="report-form__legend">{t.stepsHeading}</legend>
        <StepsEditor error={errors.play} disabled={disabled} />
      </fieldset>

      <fieldset className="report-form__group">
        <legend className="report-form__legend">{t.textsHeading}</legend>
        <div className={`field${errors.description ? ' field--invalid' : ''}`}>
          <label htmlFor={descriptionId} className="field__label">
            {label.description}
            <RequiredMark />
          </label>
          <textarea
            id={descriptionId}
            className="field__input report-form__textarea"
            rows={6}
            maxLength={LIMITS.reportTextMax}
            placeholder={t.descriptionPlaceholder}
            {...textField('description')}
            aria-required
            aria-invalid={errors.description ? true : undefined}
            disabled={disabled}
          />
          {errors.description && <p className="field__error">{errors.description}</p>}
        </div>
        <div className={`field${errors.tips ? ' field--invalid' : ''}`}>
          <label htmlFor={tipsId} className="field__label">
            {label.tips}
          </label>
          <textarea
            id={tipsId}
            className="field__input report-form__textarea"
            rows={4}
            maxLength={LIMITS.reportTextMax}
            placeholder={t.tipsPlaceholder}
            {...textField('tips')}
            aria-invalid={errors.tips ? true : undefined}
            disabled={disabled}
          />
          {errors.tips && <p className="field__error">{errors.tips}</p>}
        </div>
      </fieldset>

      <fieldset className="report-form__group">
        <legend className="report-form__legend">{CONTENT_WARNING_TEXTS.formLegend}</legend>
        <ContentWarningFields
          warnings={values.warnings ?? []}
          other={values.warningOther ?? ''}
          onWarningsChange={(warnings) => set('warnings', warnings)}
          onOtherChange={(other) => set('warningOther', other)}
          locked={props.mode === 'edit' && props.warningsLocked}
          disabled={disabled}
          error={errors.warningOther ?? errors.warnings}
        />
      </fieldset>

      <fieldset className="report-form__group">
        <legend className="report-form__legend">{t.imageHeading}</legend>
        <MainImageField
          file={file}
          onFileChange={setFile}
          currentUrl={props.mode === 'edit' ? props.currentImageUrl : null}
          removeCurrent={values.removeMainImage ?? false}
          onRemoveCurrentChange={(remove) => set('removeMainImage', remove)}
          progress={progress}
          error={imageError}
          disabled={disabled}
          attestation={attestation}
          onAttestationChange={setAttestation}
          sensitive={values.imageSensitive ?? true}
          sensitiveLocked={props.mode === 'edit' && props.imageLocked}
          onSensitiveChange={(sensitive) => set('imageSensitive', sensitive)}
        />
      </fieldset>

      <p className="report-form__autosave" role="status">
        {autosave.status === 'saved' ? AUTOSAVE_TEXTS.saved : autosave.status === 'local' ? AUTOSAVE_TEXTS.savedHere : ''}
      </p>
      {/* Issue 36: 全会員 or フォロワーのみ. */}
      <AudienceField value={values.audience ?? 'members'} onChange={(audience) => setValue('audience', audience)} disabled={disabled} error={errors.audience} />

      <div className="report-form__actions">
        <button type="submit" name="intent" value="draft" className="button button--ghost" disabled={disabled}>
          {busy === 'draft' ? COMMON_TEXTS.processing : t.saveDraft}
        </button>
        <button type="submit" name="intent" value="publish" className="button button--primary" disabled={disabled}>
          {busy === 'publish' ? COMMON_TEXTS.processing : t.publish}
        </button>
      </div>
      {props.mode === 'edit' && props.canDelete && (
        <div className="report-form__danger">
          <button type="button" className="button button--danger" onClick={() => void onDelete()} disabled={disabled}>
            {busy === 'deleting' ? COMMON_TEXTS.processing : t.delete}
          </button>
        </div>
      )}
    </form>
    </FormProvider>
  );
}
