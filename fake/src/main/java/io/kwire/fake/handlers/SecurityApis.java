package io.kwire.fake.handlers;

import io.kwire.fake.security.SecurityState;
import io.kwire.messages.AlterClientQuotasRequestCodec;
import io.kwire.messages.AlterClientQuotasResponseCodec;
import io.kwire.messages.AlterUserScramCredentialsRequestCodec;
import io.kwire.messages.AlterUserScramCredentialsResponseCodec;
import io.kwire.messages.CreateAclsRequestCodec;
import io.kwire.messages.CreateAclsResponseCodec;
import io.kwire.messages.DeleteAclsRequestCodec;
import io.kwire.messages.DeleteAclsResponseCodec;
import io.kwire.messages.DescribeAclsRequestCodec;
import io.kwire.messages.DescribeAclsResponseCodec;
import io.kwire.messages.DescribeClientQuotasRequestCodec;
import io.kwire.messages.DescribeClientQuotasResponseCodec;
import io.kwire.messages.DescribeUserScramCredentialsRequestCodec;
import io.kwire.messages.DescribeUserScramCredentialsResponseCodec;
import java.util.List;

/**
 * The security APIs a fake broker serves: ACLs, SCRAM users and client quotas, at every version
 * Kafka 3.9 or 4.x answers (the ACL APIs' v0, which 4.0 removed, too).
 */
public final class SecurityApis {
  private SecurityApis() {}

  public static List<FakeApi<?, ?>> of(SecurityState security) {
    return List.of(
        FakeApi.of(DescribeAclsRequestCodec.INSTANCE, DescribeAclsResponseCodec.INSTANCE, 0, 3,
            new DescribeAclsHandler(security)),
        FakeApi.of(CreateAclsRequestCodec.INSTANCE, CreateAclsResponseCodec.INSTANCE, 0, 3,
            new CreateAclsHandler(security)),
        FakeApi.of(DeleteAclsRequestCodec.INSTANCE, DeleteAclsResponseCodec.INSTANCE, 0, 3,
            new DeleteAclsHandler(security)),
        FakeApi.of(DescribeClientQuotasRequestCodec.INSTANCE, DescribeClientQuotasResponseCodec.INSTANCE, 0, 1,
            new DescribeClientQuotasHandler(security)),
        FakeApi.of(AlterClientQuotasRequestCodec.INSTANCE, AlterClientQuotasResponseCodec.INSTANCE, 0, 1,
            new AlterClientQuotasHandler(security)),
        FakeApi.of(DescribeUserScramCredentialsRequestCodec.INSTANCE, DescribeUserScramCredentialsResponseCodec.INSTANCE,
            0, 0, new DescribeUserScramCredentialsHandler(security)),
        FakeApi.of(AlterUserScramCredentialsRequestCodec.INSTANCE, AlterUserScramCredentialsResponseCodec.INSTANCE,
            0, 0, new AlterUserScramCredentialsHandler(security)));
  }
}
