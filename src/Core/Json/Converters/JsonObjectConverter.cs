using System.Text.Json.Nodes;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Composites;
using FastFormatters.Serialization.Objects;

namespace FastFormatters.Json.Converters;

/// <summary>
/// Plain objects, records and structs as JSON objects of their members: the object composite
/// (<see cref="ObjectComposite{TCodec, TWriter, TReader, T}"/>) as a JSON converter, which the contract builder initializes.
/// </summary>
internal sealed class JsonObjectConverter<T> : JsonValueConverter<T>, IObjectConverter<T>
{
    // Not readonly: Initialize sets it in place.
    private ObjectComposite<JsonCodec, FastJsonWriter, FastJsonReader, T> _composite = new();

    internal override string? ReadUnsupportedReason => _composite.ReadUnsupportedReason;

    internal override JsonObject DescribeSchema(SchemaBuilder schema) => _composite.DescribeSchema(schema);

    public void Initialize(ObjectContract<T> contract) => _composite.Initialize(contract, JsonMemberFactory<T>.Instance);

    // Null is written here rather than by the composite, so that this method has blocks of its own: the runtime's
    // tiered profiling leaves a method of one block uninstrumented, and the optimized method, into which the
    // composite's loop is inlined, was then compiled without a profile of its own. The composite's Read handles
    // exceptions, which keeps it from being inlined: it is compiled with its own profile, and reads null itself.
    public override void Write(ref FastJsonWriter writer, T value)
    {
        if (value is null)
        {
            writer.WriteNull();
        }
        else
        {
            _composite.Write(ref writer, value);
        }
    }

    public override T Read(ref FastJsonReader reader) => _composite.Read(ref reader);
}
