package io.kwire.tests.build;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * No package cycles in any shipped module, and the runtime's layers (docs/architecture.md, "Runtime
 * layers"): wire at the bottom, then records, then the codecs/frames/registry package, with explain
 * and the generated-code facade on top; meta stands alone.
 */
class PackageLayeringTest {
  private static JavaClasses shipped;

  @BeforeAll
  static void importShippedClasses() {
    // The main classes of every io.kwire module on this test classpath; test classes are not shipped.
    shipped = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("io.kwire");
  }

  @ParameterizedTest
  @ValueSource(strings = {"annotations", "spec", "runtime", "processor", "messages", "json", "capture", "bridge", "net",
      "proxy", "fake", "cli"})
  void everyShippedModuleIsImported(String module) {
    String root = "io.kwire." + module;
    assertTrue(shipped.stream().anyMatch(c -> c.getPackageName().equals(root)),
        "no class of " + root + " on the test classpath: the rules below would not see it");
  }

  @Test
  void noPackageCycles() {
    slices().matching("io.kwire.(**)").should().beFreeOfCycles().check(shipped);
  }

  @Test
  void everyRuntimePackageHasALayer() {
    classes().that().resideInAPackage("io.kwire.runtime..")
        .should().resideInAnyPackage(RUNTIME_PACKAGES)
        .check(shipped);
  }

  private static final String[] RUNTIME_PACKAGES = {
    "io.kwire.runtime.wire", "io.kwire.runtime.meta", "io.kwire.runtime.records", "io.kwire.runtime",
    "io.kwire.runtime.explain", "io.kwire.runtime.generated"
  };

  @Test
  void runtimeLayers() {
    layeredArchitecture()
        .consideringOnlyDependenciesInLayers()
        .layer("Wire").definedBy("io.kwire.runtime.wire")
        .layer("Meta").definedBy("io.kwire.runtime.meta")
        .layer("Records").definedBy("io.kwire.runtime.records")
        .layer("Codecs").definedBy("io.kwire.runtime")
        .layer("Explain").definedBy("io.kwire.runtime.explain")
        .layer("Generated").definedBy("io.kwire.runtime.generated")
        .whereLayer("Wire").mayNotAccessAnyLayer()
        .whereLayer("Meta").mayNotAccessAnyLayer()
        .whereLayer("Records").mayOnlyAccessLayers("Wire")
        .whereLayer("Codecs").mayOnlyAccessLayers("Wire", "Meta", "Records")
        .whereLayer("Explain").mayOnlyAccessLayers("Wire", "Meta", "Records", "Codecs")
        .whereLayer("Generated").mayOnlyAccessLayers("Wire", "Meta", "Records", "Codecs")
        .check(shipped);
  }
}
