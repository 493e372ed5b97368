package io.kwire.bridge;

import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.ApiVersionsResponseBuilder;
import java.util.ArrayList;
import java.util.List;

/** ApiVersions answers of brokers the bridge stands in front of. */
final class Brokers {
  private Brokers() {}

  /**
   * What a Kafka 4.4.0 broker advertises for the APIs old clients use (/work/shared/reference/api-keys.md),
   * with Produce from 0 as the real broker advertises it (and refuses 0-2).
   */
  static ApiVersionsResponse kafka44() {
    return of(new int[][] {
        {0, 0, 13}, {1, 4, 18}, {2, 1, 11}, {3, 0, 13}, {8, 2, 10}, {9, 1, 10}, {10, 0, 6}, {11, 0, 9},
        {12, 0, 4}, {13, 0, 5}, {14, 0, 5}, {15, 0, 6}, {16, 0, 5}, {17, 0, 1}, {18, 0, 5}, {19, 2, 7},
        {20, 1, 6}, {23, 2, 4}, {29, 1, 3}, {30, 1, 3}, {31, 1, 3}, {32, 1, 4}, {34, 1, 2}, {35, 1, 5},
        {38, 1, 3}, {39, 1, 2}, {40, 1, 2}, {41, 1, 3}});
  }

  /** A 3.9 broker: every version from 0. */
  static ApiVersionsResponse kafka39() {
    return of(new int[][] {
        {0, 0, 11}, {1, 0, 17}, {2, 0, 9}, {3, 0, 12}, {8, 0, 9}, {9, 0, 9}, {10, 0, 6}, {18, 0, 4}, {19, 0, 7},
        {20, 0, 6}, {32, 0, 4}});
  }

  static ApiVersionsResponse of(int[][] ranges) {
    List<ApiVersionsResponse.ApiVersion> keys = new ArrayList<>();
    for (int[] r : ranges) {
      keys.add(new ApiVersionsResponseBuilder.ApiVersionBuilder()
          .apiKey((short) r[0]).minVersion((short) r[1]).maxVersion((short) r[2]).build());
    }
    return new ApiVersionsResponseBuilder().apiKeys(keys).build();
  }
}
