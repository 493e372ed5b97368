/**
 * kwire-net's pipeline handlers and wire helpers: public only so that {@code io.kwire.net} can
 * reach them; not an API, and may change in any release.
 */
package io.kwire.net.internal;
