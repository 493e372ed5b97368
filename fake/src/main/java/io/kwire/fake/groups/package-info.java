/**
 * The group coordinator: one group per id (classic or KIP-848 consumer), the committed offsets
 * of every group (implementation, not API).
 */
package io.kwire.fake.groups;
