/** Names of this process's own streams: written into whatever they stand for (a pipe, a terminal, a file). */
const OWN_STREAM = /^\/(dev\/(stdout|stderr|fd\/\d+)|proc\/self\/fd\/\d+)$/;

/** True for a name of this process's own streams (`/dev/stderr`, `/dev/fd/3`): links the system made, followed on purpose. */
export function isOwnStream(filePath: string): boolean {
  return OWN_STREAM.test(filePath);
}
