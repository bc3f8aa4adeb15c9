import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import type { CDPSession, Page } from '@playwright/test';

export interface ScreencastOptions {
  width: number;
  height: number;
  /** Frames a second of the video. */
  fps: number;
  /** The WebM file to write. */
  output: string;
}

/**
 * Records a page into a WebM (VP9) file with Debian's ffmpeg: Chromium's screencast (CDP
 * Page.startScreencast) sends a JPEG whenever the page repaints, and a clock writes the latest one
 * to ffmpeg `fps` times a second of wall-clock time, so the video's time is the recording's time
 * (the captions are timed with the same clock: `elapsed()`).
 */
export class Screencast {
  private readonly ffmpeg: ChildProcessWithoutNullStreams;
  private readonly done: Promise<void>;
  private cdp?: CDPSession;
  private latest?: Buffer;
  private startedAt = 0;
  private written = 0;
  private timer?: NodeJS.Timeout;
  private stderr = '';

  constructor(private readonly options: ScreencastOptions) {
    const { fps, width, height, output } = options;
    // Screen content: few colours and long still stretches, so a high CRF stays sharp and small.
    this.ffmpeg = spawn(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-y'],
        ...['-f', 'image2pipe', '-c:v', 'mjpeg', '-framerate', String(fps), '-i', '-'],
        ...['-vf', `scale=${width}:${height}:flags=lanczos,format=yuv420p`],
        ...['-c:v', 'libvpx-vp9', '-crf', '42', '-b:v', '0', '-deadline', 'good', '-cpu-used', '4', '-row-mt', '1'],
        ...['-g', String(fps * 10), '-an', output],
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    this.ffmpeg.stderr.on('data', (chunk) => {
      this.stderr += String(chunk);
    });
    this.done = new Promise((resolve, reject) => {
      this.ffmpeg.on('error', (error) => reject(new Error(`ffmpeg could not start (apt-get install -y ffmpeg): ${error.message}`)));
      this.ffmpeg.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${this.stderr}`))));
    });
    this.done.catch(() => {}); // reported by stop()
  }

  /** Starts the screencast of `page` and resolves once the first frame is in: time 0 of the video. */
  async start(page: Page): Promise<void> {
    const cdp = await page.context().newCDPSession(page);
    this.cdp = cdp;
    const first = new Promise<void>((resolve) => {
      cdp.on('Page.screencastFrame', (frame) => {
        this.latest = Buffer.from(frame.data, 'base64');
        void cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => {});
        resolve();
      });
    });
    await cdp.send('Page.startScreencast', {
      format: 'jpeg',
      quality: 85,
      maxWidth: this.options.width,
      maxHeight: this.options.height,
      everyNthFrame: 1,
    });
    await first;
    this.startedAt = performance.now();
    this.timer = setInterval(() => this.pump(), 1000 / this.options.fps / 2);
    this.pump();
  }

  /** Seconds since the video's first frame. */
  elapsed(): number {
    return this.startedAt ? (performance.now() - this.startedAt) / 1000 : 0;
  }

  /** Writes the latest frame as often as the clock says frames are due. */
  private pump() {
    const due = Math.floor(this.elapsed() * this.options.fps) + 1;
    while (this.latest && this.written < due) {
      this.ffmpeg.stdin.write(this.latest);
      this.written += 1;
    }
  }

  /** Stops the screencast and waits for ffmpeg to finish the file; answers the video's length in seconds. */
  async stop(): Promise<number> {
    this.pump();
    if (this.timer) clearInterval(this.timer);
    await this.cdp?.send('Page.stopScreencast').catch(() => {});
    await this.cdp?.detach().catch(() => {});
    this.ffmpeg.stdin.end();
    await this.done;
    return this.written / this.options.fps;
  }
}
