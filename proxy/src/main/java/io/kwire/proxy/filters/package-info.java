/**
 * Filters of real use, written against {@link io.kwire.proxy.filter} as a user's would be, and
 * shipped with the proxy: {@code --filter tenant} ({@link io.kwire.proxy.filters.TenantFilter}: a
 * topic and group namespace per tenant on a shared cluster) and {@code --filter require-header:header=NAME}
 * ({@link io.kwire.proxy.filters.RequireHeaderFilter}: Produce refused for records lacking a header).
 */
package io.kwire.proxy.filters;
