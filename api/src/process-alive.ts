/**
 * Whether a process with this id exists. Signal 0 checks without delivering anything; EPERM means the process
 * exists but belongs to another user, so it counts as alive.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
