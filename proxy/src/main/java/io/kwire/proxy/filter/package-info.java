/**
 * The proxy's filter API: code a user plugs into {@code kwire proxy} that reads, changes, answers or
 * refuses the requests and responses of the APIs it names, as kwire's generated records
 * ({@code io.kwire.messages}).
 *
 * <p>A {@link io.kwire.proxy.filter.Filter} registers, once per client connection, a
 * {@link io.kwire.proxy.filter.RequestFilter} or {@link io.kwire.proxy.filter.ResponseFilter} per
 * record class it reads ({@link io.kwire.proxy.filter.FilterRegistry}). Frames of the APIs no filter
 * reads pass through with only their header read: a filter costs only the APIs it names. Filters run
 * in the order they were given for requests, in the reverse order for responses, as Netty's handlers
 * do. A {@link io.kwire.proxy.filter.FilterFactory} makes filters from a configuration string and is
 * found by its name through {@link java.util.ServiceLoader} ({@code kwire proxy --filter NAME:CONFIG}).
 */
package io.kwire.proxy.filter;
