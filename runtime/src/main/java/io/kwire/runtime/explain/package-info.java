/**
 * Frames as trees of fields with offsets and sizes, read from the generated descriptors alone.
 *
 * <p>It lives in the runtime, not in the command line, because it needs nothing but the runtime
 * (descriptors, {@code WireReader}, the registry) and other tools want it too: the {@code kwire}
 * command prints and renders these trees, and a proxy can log what passes through it.
 */
package io.kwire.runtime.explain;
