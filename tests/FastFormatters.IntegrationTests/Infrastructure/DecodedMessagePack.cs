using System.Buffers;
using System.Text.Json.Nodes;
using MessagePack;

namespace FastFormatters.IntegrationTests.Infrastructure;

/// <summary>
/// A MessagePack document in the decoded form the OpenAPI schemas of MessagePack describe, read with
/// MessagePack-CSharp's reader: maps as objects with their keys as text, binary as base64 text, timestamps (extension
/// -1) as ISO 8601 date-time text, NaN and infinities as the strings JSON uses for them.
/// </summary>
public static class DecodedMessagePack
{
    public static JsonNode? ToJson(byte[] data)
    {
        var reader = new MessagePackReader(new ReadOnlySequence<byte>(data));
        var node = Read(ref reader);
        Assert.True(reader.End, "Trailing bytes after the MessagePack document.");
        return node;
    }

    private static JsonNode? Read(ref MessagePackReader reader)
    {
        switch (reader.NextMessagePackType)
        {
            case MessagePackType.Nil:
                reader.ReadNil();
                return null;
            case MessagePackType.Boolean:
                return reader.ReadBoolean();
            case MessagePackType.Integer:
                return reader.NextCode == MessagePackCode.UInt64 ? JsonValue.Create(reader.ReadUInt64()) : JsonValue.Create(reader.ReadInt64());
            case MessagePackType.Float:
                double number = reader.ReadDouble();
                return double.IsFinite(number) ? number : double.IsNaN(number) ? "NaN" : number > 0 ? "Infinity" : "-Infinity";
            case MessagePackType.String:
                return reader.ReadString();
            case MessagePackType.Binary:
                return Convert.ToBase64String(reader.ReadBytes()!.Value.ToArray());
            case MessagePackType.Array:
                var array = new JsonArray();
                for (int count = reader.ReadArrayHeader(); count > 0; count--)
                {
                    array.Add(Read(ref reader));
                }

                return array;
            case MessagePackType.Map:
                var map = new JsonObject();
                for (int count = reader.ReadMapHeader(); count > 0; count--)
                {
                    string key = Read(ref reader) is JsonValue value ? value.ToString() : throw new InvalidOperationException("A map key that is not a scalar.");
                    map[key] = Read(ref reader);
                }

                return map;
            case MessagePackType.Extension when reader.CreatePeekReader().ReadExtensionFormatHeader().TypeCode == ReservedMessagePackExtensionTypeCode.DateTime:
                return reader.ReadDateTime().ToString("O", System.Globalization.CultureInfo.InvariantCulture);
            default:
                throw new InvalidOperationException($"Unexpected MessagePack type {reader.NextMessagePackType}.");
        }
    }
}
