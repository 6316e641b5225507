import { Worker } from 'node:worker_threads';
import { seededRandom } from '@recup/infra/seeded-random';

/**
 * Runs a load worker of dist/bench (`file`, next to the benchmark's bundle) on `input` and gives its output; `onStart`
 * gets the worker as it starts (to message it while it runs).
 */
export function inWorker<I, O>(file: string, input: I, onStart?: (worker: Worker) => void): Promise<O> {
  return new Promise<O>((resolve, reject) => {
    const worker = new Worker(new URL(file, import.meta.url), { workerData: input });
    worker.once('message', (message: { ok: true; output: O } | { ok: false; error: string }) => {
      void worker.terminate();
      if (message.ok) resolve(message.output);
      else reject(new Error(message.error));
    });
    worker.once('error', reject);
    onStart?.(worker);
  });
}

/**
 * Starts a load worker of dist/bench that says when it is ready (`{ ready: true }`) and then waits to be told 'go':
 * resolves once it is ready, so that starting it (a thread, its bundle loaded and compiled) is not part of what is
 * measured. `output` is its last message's.
 */
export async function readyWorker<I, O>(file: string, input: I): Promise<{ worker: Worker; output: Promise<O> }> {
  const worker = new Worker(new URL(file, import.meta.url), { workerData: input });
  let settle: { resolve: (output: O) => void; reject: (error: Error) => void } | null = null;
  const output = new Promise<O>((resolve, reject) => (settle = { resolve, reject }));
  await new Promise<void>((ready, failed) => {
    worker.on('message', (message: { ready: true } | { ok: true; output: O } | { ok: false; error: string }) => {
      if ('ready' in message) return ready();
      void worker.terminate();
      if (message.ok) settle!.resolve(message.output);
      else settle!.reject(new Error(message.error));
    });
    worker.once('error', (error) => {
      failed(error);
      settle!.reject(error);
    });
  });
  return { worker, output };
}

/**
 * Each learner (by session cookie) books `perLearner` different courses, chosen at random with `seed` (the same choices
 * on every run): some courses are wanted by more learners than they have places, others by fewer. Gives the plan and
 * how many learners want each course.
 */
export function bookingPlan(cookies: readonly string[], courses: ReadonlyArray<{ id: string }>, perLearner: number, seed: number) {
  const random = seededRandom(seed).next;
  const demand = new Map<string, number>();
  const learners = cookies.map((cookie) => {
    const chosen = new Set<string>();
    while (chosen.size < perLearner) chosen.add(courses[Math.floor(random() * courses.length)]!.id);
    for (const id of chosen) demand.set(id, (demand.get(id) ?? 0) + 1);
    return { cookie, courseIds: [...chosen] };
  });
  return { learners, demand };
}
