/**
 * The fake cluster's security model (implementation, not API): ACLs and the authorizer that reads
 * them as Kafka's StandardAuthorizer does, SCRAM credentials that SASL logins and the Admin API
 * share, and client quotas. Confined to the cluster thread, but for the SCRAM credentials, which
 * kwire-net's event loops read while a client logs in.
 */
package io.kwire.fake.security;
