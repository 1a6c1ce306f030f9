using System.Buffers.Binary;

namespace FastFormatters.Core.Tests.Jmc;

/// <summary>
/// Walks a JMC1 document independently of the library: checks the header and that every length comment matches what
/// follows it (a string's escaped byte length, an array's element count, an object's entry count), and returns the
/// document with the header and comments removed, which must be the JSON output byte for byte.
/// </summary>
public static class JmcWalker
{
    /// <param name="document">The JMC1 bytes.</param>
    /// <param name="comments">How many length comments there were.</param>
    public static byte[] CheckAndStrip(byte[] document, out int comments)
    {
        Assert.True(document.AsSpan().StartsWith("/*JMC1*/"u8), "The document must start with /*JMC1*/.");
        var json = new List<byte>(document.Length);
        int position = 8;
        comments = 0;
        Value(document, ref position, json, ref comments);
        Assert.Equal(document.Length, position);
        return [.. json];
    }

    // Lengths past 32,207, and 11,770 whose two bytes would read as the comment closer, are written without a comment.
    private static bool Encodable(int length) => length <= 32207 && length != 11770;

    private static void Value(byte[] d, ref int p, List<byte> json, ref int comments)
    {
        int declared = -1;
        if (d[p] == '/' && d[p + 1] == '*')
        {
            Assert.True(d[p + 4] == '*' && d[p + 5] == '/', $"Malformed comment at {p}.");
            declared = BinaryPrimitives.ReadUInt16LittleEndian(d.AsSpan(p + 2)) - 0x130;
            Assert.InRange(declared, 0, 32207);
            comments++;
            p += 6;
        }

        switch (d[p])
        {
            case (byte)'"':
            {
                int start = p + 1;
                int end = start;
                while (d[end] != '"')
                {
                    end += d[end] == '\\' ? 2 : 1;
                }

                int length = end - start;
                Assert.True(declared < 0 ? !Encodable(length) : declared == length, $"String at {start}: comment {declared}, length {length}.");
                json.AddRange(d.AsSpan(p, length + 2).ToArray());
                p = end + 1;
                break;
            }

            case (byte)'[':
            {
                json.Add(d[p++]);
                int count = 0;
                while (d[p] != ']')
                {
                    if (count > 0)
                    {
                        Assert.Equal((byte)',', d[p]);
                        json.Add(d[p++]);
                    }

                    Value(d, ref p, json, ref comments);
                    count++;
                }

                json.Add(d[p++]);
                Assert.True(declared < 0 ? !Encodable(count) : declared == count, $"Array: comment {declared}, count {count}.");
                break;
            }

            case (byte)'{':
            {
                json.Add(d[p++]);
                int count = 0;
                while (d[p] != '}')
                {
                    if (count > 0)
                    {
                        Assert.Equal((byte)',', d[p]);
                        json.Add(d[p++]);
                    }

                    int keyComments = comments;
                    Value(d, ref p, json, ref comments);
                    Assert.True(comments > keyComments || json[^2] != '"', "Every key has a length comment.");
                    Assert.Equal((byte)':', d[p]);
                    json.Add(d[p++]);
                    Value(d, ref p, json, ref comments);
                    count++;
                }

                json.Add(d[p++]);

                // Dictionaries carry their count; plain objects none.
                Assert.True(declared < 0 || declared == count, $"Object: comment {declared}, count {count}.");
                break;
            }

            default:
            {
                Assert.True(declared < 0, $"A comment before a number or literal at {p}.");
                while (p < d.Length && d[p] is not ((byte)',' or (byte)']' or (byte)'}'))
                {
                    json.Add(d[p++]);
                }

                break;
            }
        }
    }
}
