import os from 'node:os';

import { AppError } from './app-error.ts';

/**
 * How many password hashes (scrypt: ~370 ms of a core and 128 MiB each at the production cost)
 * run at once, and how many may wait for a turn. A sign-in flood beyond that is refused at once
 * (503 + Retry-After) instead of queueing thousands of hashes on libuv's thread pool, which made
 * every other request (static files included) wait tens of seconds and memory grow to ~700 MB
 * (issue 10, defect 5).
 */
export interface HashLimits {
  /** Hashes running at once; libuv has 4 threads, and half the cores are left to everything else. */
  concurrency: number;
  /** Hashes waiting for a turn before new ones are refused. */
  queue: number;
}

export const defaultHashLimits = (): HashLimits => {
  const concurrency = Math.max(1, Math.min(4, Math.floor(os.availableParallelism() / 2)));
  return { concurrency, queue: concurrency * 4 };
};

export class HashLimiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Moving average of one hash's duration, for Retry-After. */
  private averageMs = 400;

  constructor(private limits: HashLimits) {}

  configure(limits: HashLimits) {
    this.limits = limits;
  }

  get stats() {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `hash` when a slot is free; throws SERVER_BUSY (503, Retry-After) when the queue is full. */
  async run<T>(hash: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrency) {
      if (this.waiting.length >= this.limits.queue) {
        // The time for the hashes ahead to drain, at least a second.
        const seconds = Math.max(1, Math.ceil(((this.running + this.waiting.length) * this.averageMs) / this.limits.concurrency / 1000));
        throw new AppError('SERVER_BUSY', 'The server is busy. Please try again in a few seconds.', { retryAfterSeconds: seconds });
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    const started = performance.now();
    try {
      return await hash();
    } finally {
      this.averageMs = this.averageMs * 0.8 + (performance.now() - started) * 0.2;
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `running` only drops when nobody waits.
      if (next) next();
      else this.running--;
    }
  }
}
