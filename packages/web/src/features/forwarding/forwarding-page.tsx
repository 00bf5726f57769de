import { Link } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { FORWARD_OPTIONS, FRAME_TITLE_MAX_LENGTH, MAIL_PRESETS, ZForwardRequest, type TForwardPage, type TForwardRequest, type TReplacedRecord } from '@kavel/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useController, useForm, type UseFormRegister } from 'react-hook-form';
import { formCsrfToken } from '../../api/client.ts';
import { fieldMessage } from '../../i18n/use-field-message.ts';
import { useT } from '../../i18n/use-t.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { RadioGroup } from '../../ui/radio-group.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { DOMAIN_LIST_PATH, LoadFailure, NoDomainChosen } from '../account-area/account-list.tsx';
import { dnsManagementHref, mailPresetHref } from '../account-area/account-area-paths.ts';
import { applyServerErrors } from '../accounts/server-field-errors.ts';
import { FORWARD_FORM_ACTION, forwardingApi, useForwardingT, type ForwardingTranslate } from './forwarding-api.ts';
import './forwarding.css';

const pageKey = (name: string) => ['forward-page', name.toLowerCase()];

/** `/account/domein-doorsturen?name=`: a domain's forward (spec 001 sections 2, 3, 5 and 9). */
export function ForwardingPage({ name }: { name: string }) {
  const t = useForwardingT();
  const page = useQuery({ queryKey: pageKey(name), queryFn: () => forwardingApi.page(name), enabled: name !== '' });
  if (name === '') return <NoDomainChosen text={t('noDomain')} back={t('backToDomains')} />;
  if (page.isPending) return <Spinner label={t('title')} />;
  if (page.isError) return <LoadFailure error={page.error} onRetry={() => void page.refetch()} back={{ href: DOMAIN_LIST_PATH, label: t('backToDomains') }} />;
  return <Forwarding key={page.data.asciiName} page={page.data} />;
}

/** The form's fields: the domain and its forward as stored. */
const fieldsOf = (page: TForwardPage): TForwardRequest => ({ domainName: page.asciiName, ...page.forward });

const FIELDS = ['forwardOption', 'forwardTo', 'redirectStatus', 'keepPath', 'frameTitle'] as const;

/**
 * The forward's form: type, target and the type's options, checked before sending by the schema
 * the route parses (`ZForwardRequest`: spec 001 section 5's forward rule), each fault under its
 * field; a refusal's field errors go there too, the rest in a banner.
 */
function Forwarding({ page }: { page: TForwardPage }) {
  const t = useForwardingT();
  const tc = useT();
  const queryClient = useQueryClient();
  const form = useForm<TForwardRequest, unknown, TForwardRequest>({ resolver: zodResolver(ZForwardRequest, undefined, { raw: true }), mode: 'onTouched', defaultValues: fieldsOf(page) });
  const { register, handleSubmit, control, formState, setError, reset } = form;
  const option = useController({ control, name: 'forwardOption' });
  const [saved, setSaved] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  /** After a save: the records the previous forward replaced that did not come back. */
  const [notRestored, setNotRestored] = useState<TReplacedRecord[]>([]);
  const errorOf = (name: (typeof FIELDS)[number]) => fieldMessage(formState.errors[name]?.message);

  const submit = handleSubmit(async (request) => {
    setSaved(false);
    setBanner(null);
    setNotRestored([]);
    try {
      const next = await forwardingApi.save(request);
      // The form shows what the server now holds (a target completed with https://, NONE's empty target).
      reset(fieldsOf(next));
      queryClient.setQueryData(pageKey(page.asciiName), next);
      if (page.domainName !== page.asciiName) queryClient.setQueryData(pageKey(page.domainName), next);
      // The DNS page shows the records the forward wrote (or gave back): read anew, never the zone from before the save.
      queryClient.removeQueries({ queryKey: ['dns-page'] });
      setNotRestored(next.notRestored ?? []);
      setSaved(true);
    } catch (error) {
      setBanner(applyServerErrors(error, setError, [...FIELDS], tc));
    }
  });
  const type = option.field.value;

  return (
    <div className="forwarding-page" data-testid="forwarding-page" data-domain={page.asciiName}>
      <p>{t('intro', { domain: page.domainName })}</p>
      {page.readOnly && (
        <p className="forwarding-page__notice" data-testid="forwarding-read-only">
          {t('readOnly')}
        </p>
      )}
      {!page.activeDnsServer && <p className="forwarding-page__notice">{t('notActive')}</p>}
      <form className="forwarding-form" action={FORWARD_FORM_ACTION} method="post" onSubmit={(event) => void submit(event)} noValidate data-testid="forwarding-form">
        <input type="hidden" name="_csrf" defaultValue={formCsrfToken()} />
        <input type="hidden" name="domainName" value={page.asciiName} />
        <RadioGroup
          legend={t('type')}
          name="forwardOption"
          value={type}
          disabled={page.readOnly}
          options={FORWARD_OPTIONS.map((value) => ({ value, label: t(value), hint: t(`${value}.help`, { domain: page.domainName }) }))}
          onChange={option.field.onChange}
          data-testid="forwarding-type"
        />
        {type !== 'NONE' && (
          <Field
            label={type === 'DNS' ? t('targetIp') : t('targetUrl')}
            // Left out while NONE is chosen: that type takes no target.
            {...register('forwardTo', { shouldUnregister: true })}
            error={errorOf('forwardTo')}
            inputMode={type === 'DNS' ? 'decimal' : 'url'}
            placeholder={type === 'DNS' ? '203.0.113.10' : 'https://'}
            autoComplete="off"
            spellCheck={false}
            disabled={page.readOnly}
            data-testid="forwarding-target"
          />
        )}
        {type === 'HTTP' && <HttpOptions t={t} register={register} disabled={page.readOnly} />}
        {type === 'IFRAME' && (
          <Field label={t('frameTitle')} maxLength={FRAME_TITLE_MAX_LENGTH} {...register('frameTitle')} error={errorOf('frameTitle')} disabled={page.readOnly} data-testid="forwarding-title" />
        )}
        {banner && <Alert tone="danger">{banner}</Alert>}
        {saved && (
          <Alert tone="success" data-testid="forwarding-saved">
            {t('saved')}
          </Alert>
        )}
        {saved && notRestored.length > 0 && (
          <Alert tone="warning" data-testid="forwarding-not-restored">
            {t('notRestored')}
            <RecordTable page={page} records={notRestored} t={t} testId="forwarding-not-restored-record" />
          </Alert>
        )}
        {!page.readOnly && (
          <div>
            <Button type="submit" busy={formState.isSubmitting} data-testid="forwarding-save">
              {t('save')}
            </Button>
          </div>
        )}
      </form>
      <Records page={page} t={t} />
      {!page.readOnly && <MailOptions page={page} t={t} />}
    </div>
  );
}

function HttpOptions({ t, register, disabled }: { t: ForwardingTranslate; register: UseFormRegister<TForwardRequest>; disabled: boolean }) {
  return (
    <>
      <SelectField
        label={t('status')}
        {...register('redirectStatus', { setValueAs: (value: unknown) => Number(value) })}
        options={[
          { value: '301', label: t('status301') },
          { value: '302', label: t('status302') },
        ]}
        disabled={disabled}
        data-testid="forwarding-status"
      />
      <label className="checkbox">
        <input type="checkbox" {...register('keepPath')} disabled={disabled} data-testid="forwarding-keep-path" />
        <span className="checkbox__label">{t('keepPath')}</span>
      </label>
    </>
  );
}

/** E-mail (spec 001 section 2: the forwarding page's option list mx, google, office): each opens the DNS page's preset, its changes shown before it is applied. */
function MailOptions({ page, t }: { page: TForwardPage; t: ForwardingTranslate }) {
  return (
    <section className="forwarding-page__section" aria-labelledby="forwarding-mail-heading" data-testid="forwarding-mail">
      <h2 id="forwarding-mail-heading">{t('mailHeading')}</h2>
      <p className="muted">{t('mailIntro', { domain: page.domainName })}</p>
      <ul className="forwarding-page__mail">
        {MAIL_PRESETS.map((preset) => (
          <li key={preset}>
            <Link to={mailPresetHref(page.domainName, preset)} data-testid={`forwarding-mail-${preset}`}>
              {t(`mail.${preset}`)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Records of the zone by full name, type and value. */
function RecordTable({ page, records, t, testId }: { page: TForwardPage; records: readonly TReplacedRecord[]; t: ForwardingTranslate; testId: string }) {
  return (
    <table className="forwarding-records">
      <thead>
        <tr>
          <th scope="col">{t('recordName')}</th>
          <th scope="col">{t('recordType')}</th>
          <th scope="col">{t('recordValue')}</th>
        </tr>
      </thead>
      <tbody>
        {records.map((record) => (
          <tr key={`${record.name} ${record.type} ${record.value}`} data-testid={testId}>
            <td>{record.name === '@' ? page.domainName : `${record.name}.${page.domainName}`}</td>
            <td>{record.type}</td>
            <td>{record.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The records the saved forward wrote into the zone, those it replaced (back when it is switched off), and the way to the whole zone. */
function Records({ page, t }: { page: TForwardPage; t: ForwardingTranslate }) {
  return (
    <>
      <section className="forwarding-page__section" aria-labelledby="forwarding-records-heading" data-testid="forwarding-records">
        <h2 id="forwarding-records-heading">{t('records')}</h2>
        {page.records.length === 0 ? (
          <p className="muted">{page.forward.forwardOption === 'NONE' ? t('none') : t('noRecords')}</p>
        ) : (
          <RecordTable page={page} records={page.records} t={t} testId="forwarding-record" />
        )}
      </section>
      {page.replaced.length > 0 && (
        <section className="forwarding-page__section" aria-labelledby="forwarding-replaced-heading" data-testid="forwarding-replaced">
          <h2 id="forwarding-replaced-heading">{t('replaced')}</h2>
          <p className="muted">{t('replacedIntro')}</p>
          <RecordTable page={page} records={page.replaced} t={t} testId="forwarding-replaced-record" />
        </section>
      )}
      <p>
        <Link to={dnsManagementHref(page.domainName)} data-testid="forwarding-dns-link">
          {t('dnsLink', { domain: page.domainName })}
        </Link>
      </p>
    </>
  );
}
