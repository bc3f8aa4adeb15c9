import { createSign, generateKeyPairSync, type KeyObject, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { cfdiAttribute, cfdiDateTime } from '@freight/domain/customs';
import Fastify, { type FastifyInstance } from 'fastify';
import { schemaErrors } from './sat-schemas';

/**
 * A stand-in for an authorised certifier (PAC) speaking SW sapien's REST protocol, so the portal's
 * adapter (pac.client.ts) talks to it as to the certifier:
 * - POST /v2/security/authenticate {user, password} answers a bearer token for two hours;
 * - POST /cfdi33/issue/v4 (multipart field `xml`) seals the CFDI for its issuer and stamps it:
 *   NoCertificado, Certificado and Sello on the Comprobante, a TimbreFiscalDigital 1.1 in its
 *   Complemento, then checks the result against the SAT's schemas and catalogs as the SAT's
 *   validations would, answering the stamped CFDI or {status: 'error', message, messageDetail}.
 * It holds the certificate of one issuer only (its RFC), refuses an issue date more than 72 hours
 * old or in the future, as a certifier must. Its own key signs: the Certificado is its public key,
 * and the Sello signs the document's attribute values in order, not the SAT's original string
 * (the TimbreFiscalDigital's SelloSAT does sign the TFD's original string as the SAT writes it).
 * The embedded default mounts it at /pac-sim; tests start it on a port of their own; production
 * never has it.
 */
export interface PacSimulatorOptions {
  user: string;
  password: string;
  /** The RFC whose certificate (CSD) the account keeps: the only issuer it seals for. */
  issuerRfc: string;
  now: () => Date;
}

/** The certifier's own RFC on each stamp (SW sapien's, as on its stamps). */
const PAC_RFC = 'SPR190613I52';
const CERTIFICATE_NUMBER = '30001000000500003416';
const SAT_CERTIFICATE_NUMBER = '30001000000500003456';
const TOKEN_SECONDS = 7200;

const fail = (message: string, messageDetail = '') => ({ data: null, message, messageDetail, status: 'error' });

/** The one field `name` of a multipart/form-data body. */
function multipartField(body: Buffer, contentType: string, name: string): string | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark) return null;
  for (const part of body.toString('utf8').split(`--${mark}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const headers = part.slice(0, split);
    if (new RegExp(`name="${name}"`, 'i').test(headers)) return part.slice(split + 4).replace(/\r\n$/, '');
  }
  return null;
}

/** The simulator's own key pair, made on the first stamp: an RSA key costs a good part of a second of CPU, and most apps that mount the simulator never stamp. */
function lazyKeys() {
  let keys: { privateKey: KeyObject; certificate: string } | null = null;
  return () => {
    if (!keys) {
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      keys = { privateKey, certificate: publicKey.export({ type: 'spki', format: 'der' }).toString('base64') };
    }
    return keys;
  };
}

export async function pacSimulator(app: FastifyInstance, opts: PacSimulatorOptions) {
  const keys = lazyKeys();
  const tokens = new Map<string, number>();
  const sign = (text: string) => createSign('RSA-SHA256').update(text, 'utf8').sign(keys().privateKey, 'base64');
  const machine = { config: { csrf: false } };

  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: 4 * 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.post<{ Body: { user?: unknown; password?: unknown } | undefined }>('/v2/security/authenticate', machine, async (request, reply) => {
    const same = (given: unknown, expected: string) =>
      typeof given === 'string' && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
    if (!same(request.body?.user, opts.user) || !same(request.body?.password, opts.password)) {
      return reply.code(401).send(fail('AU2000 - El usuario o la contraseña no son correctos.'));
    }
    const token = randomBytes(32).toString('base64url');
    tokens.set(token, opts.now().getTime() + TOKEN_SECONDS * 1000);
    return { data: { token, expires_in: TOKEN_SECONDS, token_type: 'Bearer' }, status: 'success' };
  });

  app.post('/cfdi33/issue/v4', machine, async (request, reply) => {
    const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if ((tokens.get(token) ?? 0) < opts.now().getTime())
      return reply.code(401).send(fail('AU4101 - El token proporcionado no es válido o ha expirado.'));
    const xml = Buffer.isBuffer(request.body) ? multipartField(request.body, request.headers['content-type'] ?? '', 'xml') : null;
    if (!xml?.includes('<cfdi:Comprobante')) return reply.code(400).send(fail('CFDI33000 - No se recibió un comprobante en el campo xml.'));
    if (cfdiAttribute(xml, 'cfdi:Emisor', 'Rfc') !== opts.issuerRfc) {
      return reply.code(400).send(fail('CFDI40999 - No se encontró el certificado (CSD) del emisor en la cuenta.'));
    }
    const issued = Date.parse(`${cfdiAttribute(xml, 'cfdi:Comprobante', 'Fecha') ?? ''}-06:00`);
    const ageHours = (opts.now().getTime() - issued) / 3_600_000;
    if (!Number.isFinite(ageHours) || ageHours > 72 || ageHours < -0.1) {
      return reply.code(400).send(fail('CFDI40101 - La fecha de emisión no está dentro de las 72 horas anteriores al timbrado.'));
    }
    const values = [...xml.matchAll(/\s([A-Za-z][\w:]*)="([^"]*)"/g)]
      .filter(([, key]) => !key?.startsWith('xmlns') && !key?.startsWith('xsi:'))
      .map(([, , value]) => value);
    const seal = sign(`||${values.join('|')}||`);
    const uuid = randomUUID().toUpperCase();
    const stampedAt = cfdiDateTime(opts.now());
    const satSeal = sign(`||1.1|${uuid}|${stampedAt}|${PAC_RFC}|${seal}|${SAT_CERTIFICATE_NUMBER}||`);
    const stamp =
      '<tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" ' +
      'xsi:schemaLocation="http://www.sat.gob.mx/TimbreFiscalDigital http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd" ' +
      `Version="1.1" UUID="${uuid}" FechaTimbrado="${stampedAt}" RfcProvCertif="${PAC_RFC}" SelloCFD="${seal}" NoCertificadoSAT="${SAT_CERTIFICATE_NUMBER}" SelloSAT="${satSeal}"/>`;
    const stamped = xml
      .replace(
        /<cfdi:Comprobante\s/,
        `<cfdi:Comprobante NoCertificado="${CERTIFICATE_NUMBER}" Certificado="${keys().certificate}" Sello="${seal}" `,
      )
      .replace('</cfdi:Complemento>', `${stamp}</cfdi:Complemento>`);
    const errors = await schemaErrors(stamped);
    if (errors.length)
      return reply
        .code(400)
        .send(fail('CFDI40999 - El comprobante no cumple con el esquema o los catálogos del SAT.', errors.slice(0, 5).join(' ')));
    return {
      data: {
        cadenaOriginalSAT: `||1.1|${uuid}|${stampedAt}|${PAC_RFC}|${seal}|${SAT_CERTIFICATE_NUMBER}||`,
        noCertificadoSAT: SAT_CERTIFICATE_NUMBER,
        noCertificadoCFDI: CERTIFICATE_NUMBER,
        uuid,
        selloSAT: satSeal,
        selloCFDI: seal,
        fechaTimbrado: stampedAt,
        qrCode: '',
        cfdi: stamped,
      },
      status: 'success',
    };
  });
}

/** The simulator on a port of its own (tests): `url` is its root, as https://services.sw.com.mx is SW's. */
export async function startPacSimulator(opts: PacSimulatorOptions) {
  const app = Fastify({ logger: false });
  await pacSimulator(app, opts);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => app.close() };
}
