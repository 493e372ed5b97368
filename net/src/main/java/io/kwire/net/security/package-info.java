/** What the SASL and TLS layers share: the authenticated {@link io.kwire.net.security.KafkaPrincipal}. */
package io.kwire.net.security;
