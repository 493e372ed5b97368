package io.kwire.bridge;

import io.kwire.messages.DescribeConfigsRequestCodec;
import io.kwire.messages.DescribeConfigsResponse;
import io.kwire.messages.DescribeConfigsResponseBuilder;
import io.kwire.runtime.RequestHeader;
import java.util.ArrayList;
import java.util.List;

/**
 * DescribeConfigs v0 to v1: the same resources and keys, without synonyms (v1's default). v1
 * answers each config's source where v0 answered isDefault: isDefault is true exactly when the
 * source is DEFAULT_CONFIG (5), the broker's own default; synonyms and the source are dropped.
 */
final class DescribeConfigsTranslation implements ApiTranslation {
  static final byte DEFAULT_CONFIG = 5;

  @Override
  public short apiKey() {
    return DescribeConfigsRequestCodec.API_KEY;
  }

  @Override
  public short lastTranslatedVersion() {
    return 0;
  }

  /** Version 3 adds documentation and types, asked for explicitly; v1 is enough. */
  @Override
  public short maxUpstreamVersion() {
    return 2;
  }

  @Override
  public RequestTranslation translate(RequestHeader client, Object request, short upstreamVersion) {
    return new RequestTranslation.Translated(client, upstreamVersion, request, true, List.of(),
        response -> ResponseTranslation.of(back((DescribeConfigsResponse) response)));
  }

  private static DescribeConfigsResponse back(DescribeConfigsResponse response) {
    List<DescribeConfigsResponse.DescribeConfigsResult> results = new ArrayList<>();
    for (DescribeConfigsResponse.DescribeConfigsResult r : response.results()) {
      List<DescribeConfigsResponse.DescribeConfigsResourceResult> configs = new ArrayList<>();
      for (DescribeConfigsResponse.DescribeConfigsResourceResult c : r.configs()) {
        configs.add(new DescribeConfigsResponseBuilder.DescribeConfigsResourceResultBuilder(c)
            .isDefault(c.configSource() == DEFAULT_CONFIG)
            .configSource((byte) -1)
            .synonyms(List.of())
            .build());
      }
      results.add(new DescribeConfigsResponseBuilder.DescribeConfigsResultBuilder(r).configs(configs).build());
    }
    return new DescribeConfigsResponseBuilder(response).results(results).build();
  }
}
