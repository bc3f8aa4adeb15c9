import { SMTPServer } from 'smtp-server';

/**
 * A local stand-in for the inbound mail provider (tests only; smtp-server is a dev dependency):
 * it receives mail over SMTP as the provider's MX would, and posts each one to the webhook in
 * Postmark's inbound format with basic auth, as the provider does. Plain-text mail is what it
 * reads (the replies of the tests); the reply above the quoted text is `StrippedTextReply`.
 */
export async function startInboundMailSimulator(opts: { webhookUrl: string; password: string }) {
  const delivered: Array<{ status: number; mailboxHash: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo[0]?.address ?? '';
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        post(raw, from, to).then(
          () => callback(),
          (err: Error) => callback(err),
        );
      });
    },
  });

  async function post(raw: string, from: string, to: string) {
    const split = raw.indexOf('\r\n\r\n');
    const headers = raw.slice(0, split);
    const text = decodeBody(headers, raw.slice(split + 4));
    const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
    const mailboxHash = /\+([^@]+)@/.exec(to)?.[1] ?? '';
    const res = await fetch(opts.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`inbound:${opts.password}`).toString('base64')}`,
      },
      body: JSON.stringify({
        From: from,
        FromFull: { Email: from, Name: '' },
        To: to,
        ToFull: [{ Email: to, Name: '', MailboxHash: mailboxHash }],
        Subject: header('Subject'),
        MessageID: header('Message-ID'),
        MailboxHash: mailboxHash,
        TextBody: text,
        StrippedTextReply: strippedReply(text),
      }),
    });
    delivered.push({ status: res.status, mailboxHash });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, delivered, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The text of a single-part mail: quoted-printable and base64 decoded, line ends made plain. */
function decodeBody(headers: string, body: string) {
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            'latin1',
          ).toString('utf8')
        : body;
  return text
    .replace(/\r\n/g, '\n')
    .replace(/\n\.\n?$/, '')
    .trim();
}

/** The reply above the quoted original ('On ... wrote:' or '>' lines), as the provider strips it. */
function strippedReply(text: string) {
  const lines = text.split('\n');
  const end = lines.findIndex((l) => /^On .+wrote:$/.test(l.trim()) || l.startsWith('>'));
  return (end === -1 ? lines : lines.slice(0, end)).join('\n').trim();
}
