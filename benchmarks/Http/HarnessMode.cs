namespace FastFormatters.Benchmarks.Http;

/// <summary>How the harness produces its response bodies.</summary>
public enum HarnessMode
{
    /// <summary><c>AddControllers().AddFastFormatters()</c>: FastFormatters reads and writes every body.</summary>
    Fast,

    /// <summary>Plain <c>AddControllers()</c>: the built-in System.Text.Json formatters, by reflection, JSON only.</summary>
    Builtin,

    /// <summary>
    /// The bytes <see cref="Fast"/> would write for the same request and <c>Accept</c>, computed once and then copied
    /// out: what MVC, Kestrel and the network cost without any serializing.
    /// </summary>
    Prebaked,

    /// <summary>As <see cref="Fast"/>, with <c>RecordMetrics</c> off: the pair measures what diagnostics cost.</summary>
    FastWithoutMetrics,

    /// <summary>
    /// As <see cref="Fast"/>, with the harness's types described by FastFormatters' source generator and the JSON
    /// contract read from the source-generated <c>JsonSerializerContext</c> of <see cref="StjSourceGen"/>: converters
    /// built without reflection on the JIT, as in a Native AOT app.
    /// </summary>
    FastSourceGen,

    /// <summary>
    /// The built-in System.Text.Json formatters as <see cref="Builtin"/>, with the harness's source-generated
    /// <c>JsonSerializerContext</c> first in the resolver chain: the same JSON, made from generated metadata. JSON only.
    /// </summary>
    StjSourceGen,

    /// <summary>
    /// MessagePack-CSharp (<c>ContractlessStandardResolver</c>) in MVC formatters that work as its
    /// <c>MessagePack.AspNetCoreMvcFormatter</c> 3.x does, beside the built-in JSON of <see cref="Builtin"/>.
    /// </summary>
    MessagePackCSharp,
}
