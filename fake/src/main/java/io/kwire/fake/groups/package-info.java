/**
 * The group coordinator: one group per id (classic, KIP-848 consumer or KIP-932 share), the
 * committed offsets of every group, share groups' record states, group configs (implementation,
 * not API).
 */
package io.kwire.fake.groups;
