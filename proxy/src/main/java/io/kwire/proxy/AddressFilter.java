package io.kwire.proxy;

import io.kwire.messages.BeginQuorumEpochResponse;
import io.kwire.messages.DescribeClusterResponse;
import io.kwire.messages.DescribeQuorumResponse;
import io.kwire.messages.EndQuorumEpochResponse;
import io.kwire.messages.FetchResponse;
import io.kwire.messages.FetchSnapshotResponse;
import io.kwire.messages.FindCoordinatorResponse;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.ProduceResponse;
import io.kwire.messages.ShareAcknowledgeResponse;
import io.kwire.messages.ShareFetchResponse;
import io.kwire.messages.UpdateRaftVoterResponse;
import io.kwire.messages.VoteResponse;
import io.kwire.proxy.filter.Filter;
import io.kwire.proxy.filter.FilterRegistry;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The proxy's own first filter: every broker address of a response becomes the proxy's, so that
 * clients keep talking to it ({@link ResponseRewriter} does the rewriting; its sites are these
 * responses). Only these APIs' responses are decoded for it.
 */
final class AddressFilter implements Filter {
  /** The responses carrying broker addresses, {@link ResponseRewriter#SITES}' records. */
  static final List<Class<?>> RESPONSES = List.of(MetadataResponse.class, FindCoordinatorResponse.class,
      DescribeClusterResponse.class, ProduceResponse.class, FetchResponse.class, ShareFetchResponse.class,
      ShareAcknowledgeResponse.class, BeginQuorumEpochResponse.class, EndQuorumEpochResponse.class,
      VoteResponse.class, FetchSnapshotResponse.class, DescribeQuorumResponse.class, UpdateRaftVoterResponse.class);

  private final ResponseRewriter rewriter;

  AddressFilter(ResponseRewriter rewriter) {
    this.rewriter = rewriter;
  }

  /** The addresses it writes, for the responses the proxy rewrites in place (Fetch's tail, {@link NodeEndpointsTail}). */
  AdvertisedAddresses addresses() {
    return rewriter.addresses();
  }

  @Override
  public void register(FilterRegistry registry) {
    for (Class<?> type : RESPONSES) {
      register(registry, type);
    }
  }

  private <R> void register(FilterRegistry registry, Class<R> type) {
    registry.onResponse(type, (response, context) -> CompletableFuture.completedStage(
        type.cast(rewriter.rewriteAny(response))));
  }
}
