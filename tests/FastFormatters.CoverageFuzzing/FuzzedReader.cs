namespace FastFormatters.CoverageFuzzing;

/// <summary>A reader the fuzzer drives, each against its ecosystem's reader.</summary>
public enum FuzzedReader
{
    /// <summary>JSON, against System.Text.Json (web defaults).</summary>
    Json,

    /// <summary>JMC1, against System.Text.Json reading the same bytes with comments skipped.</summary>
    Jmc1,

    /// <summary>MessagePack, against MessagePack-CSharp 2.5.307 (contractless).</summary>
    MessagePack,

    /// <summary>LZ4-compressed MessagePack (either framing), against MessagePack-CSharp with LZ4.</summary>
    Lz4,
}
