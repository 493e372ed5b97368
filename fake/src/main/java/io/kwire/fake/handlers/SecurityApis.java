package io.kwire.fake.handlers;

import io.kwire.fake.security.SecurityState;
import io.kwire.messages.AlterClientQuotasRequestCodec;
import io.kwire.messages.AlterClientQuotasResponseCodec;
import io.kwire.messages.AlterUserScramCredentialsRequestCodec;
import io.kwire.messages.AlterUserScramCredentialsResponseCodec;
import io.kwire.messages.CreateAclsRequestCodec;
import io.kwire.messages.CreateAclsResponseCodec;
import io.kwire.messages.CreateDelegationTokenRequestCodec;
import io.kwire.messages.CreateDelegationTokenResponseCodec;
import io.kwire.messages.DeleteAclsRequestCodec;
import io.kwire.messages.DeleteAclsResponseCodec;
import io.kwire.messages.DescribeAclsRequestCodec;
import io.kwire.messages.DescribeAclsResponseCodec;
import io.kwire.messages.DescribeClientQuotasRequestCodec;
import io.kwire.messages.DescribeClientQuotasResponseCodec;
import io.kwire.messages.DescribeDelegationTokenRequestCodec;
import io.kwire.messages.DescribeDelegationTokenResponseCodec;
import io.kwire.messages.DescribeUserScramCredentialsRequestCodec;
import io.kwire.messages.DescribeUserScramCredentialsResponseCodec;
import io.kwire.messages.ExpireDelegationTokenRequestCodec;
import io.kwire.messages.ExpireDelegationTokenResponseCodec;
import io.kwire.messages.RenewDelegationTokenRequestCodec;
import io.kwire.messages.RenewDelegationTokenResponseCodec;
import java.util.List;

/**
 * The security APIs a fake broker serves: ACLs, SCRAM users, client quotas and delegation tokens, at every version
 * Kafka 3.9 or 4.x answers (the ACL APIs' v0, which 4.0 removed, too).
 */
public final class SecurityApis {
  private SecurityApis() {}

  public static List<FakeApi<?, ?>> of(SecurityState security) {
    DelegationTokenHandlers tokens = new DelegationTokenHandlers(security);
    return List.of(
        // Kafka 4.0 removed the token APIs' v0
        FakeApi.of(CreateDelegationTokenRequestCodec.INSTANCE, CreateDelegationTokenResponseCodec.INSTANCE, 1, 3,
            tokens.create()),
        FakeApi.of(RenewDelegationTokenRequestCodec.INSTANCE, RenewDelegationTokenResponseCodec.INSTANCE, 1, 2,
            tokens.renew()),
        FakeApi.of(ExpireDelegationTokenRequestCodec.INSTANCE, ExpireDelegationTokenResponseCodec.INSTANCE, 1, 2,
            tokens.expire()),
        FakeApi.of(DescribeDelegationTokenRequestCodec.INSTANCE, DescribeDelegationTokenResponseCodec.INSTANCE, 1, 3,
            tokens.describe()),
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
