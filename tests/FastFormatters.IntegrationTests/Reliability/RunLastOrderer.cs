using Xunit.Abstractions;
using Xunit.Sdk;

namespace FastFormatters.IntegrationTests.Reliability;

/// <summary>Marks a test that must run after every other test of its class (with <see cref="RunLastOrderer"/>).</summary>
[AttributeUsage(AttributeTargets.Method)]
public sealed class RunLastAttribute : Attribute
{
}

/// <summary>Keeps the discovery order of a class's tests, but runs those marked <see cref="RunLastAttribute"/> last.</summary>
public sealed class RunLastOrderer : ITestCaseOrderer
{
    public const string TypeName = "FastFormatters.IntegrationTests.Reliability.RunLastOrderer";
    public const string AssemblyName = "FastFormatters.IntegrationTests";

    public IEnumerable<TTestCase> OrderTestCases<TTestCase>(IEnumerable<TTestCase> testCases)
        where TTestCase : ITestCase
        => testCases.OrderBy(testCase => testCase.TestMethod.Method.GetCustomAttributes(typeof(RunLastAttribute).AssemblyQualifiedName).Any() ? 1 : 0);
}
