package io.kwire.processor.model;

/** The record component that keeps unknown tagged fields: its constructor position and name. */
public record UnknownTagsComponent(int index, String name) {}
