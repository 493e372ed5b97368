/**
 * The classic consumer group protocol and committed offsets (implementation, not API).
 */
package io.kwire.fake.groups;
