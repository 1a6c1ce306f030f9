namespace FastFormatters.Serialization.Composites;

/// <summary>
/// One format's tokens, which the composites (<see cref="IComposite{T, TWriter, TReader}"/>) are written over once:
/// a struct per format, so every composite closed over it is compiled for that format alone and its calls here inline.
/// </summary>
/// <typeparam name="TWriter">The format's writer.</typeparam>
/// <typeparam name="TReader">The format's reader.</typeparam>
internal interface IFormatCodec<TWriter, TReader>
    where TWriter : allows ref struct
    where TReader : allows ref struct
{
    /// <summary>
    /// Whether a container's header carries its count (MessagePack): a sequence that does not know its count is buffered
    /// to count it, and one that yields another number of items than it counted fails.
    /// </summary>
    static abstract bool CountsFirst { get; }

    /// <summary>Whether a stack is read back in the order it was written (MessagePack-CSharp), not reversed (System.Text.Json).</summary>
    static abstract bool StacksKeepTheirOrder { get; }

    /// <summary><paramref name="converter"/>, checked to be this format's: a composite keeps only converters that pass.</summary>
    static abstract ValueConverter<T, TWriter, TReader> Served<T>(ValueConverter<T> converter);

    /// <summary><paramref name="converter"/>, checked to be this format's, for values written and read boxed.</summary>
    static abstract ValueConverter Served(ValueConverter converter);

    /// <summary>Writes null (JSON's <c>null</c>, MessagePack's nil).</summary>
    static abstract void WriteNull(ref TWriter writer);

    /// <summary>Reads null when it is next.</summary>
    static abstract bool TryReadNull(ref TReader reader);

    /// <summary>
    /// The value of a collection type read from null: the default, or an error where the format says a struct collection
    /// cannot be null.
    /// </summary>
    static abstract TCollection? NullCollection<TCollection>(ref TReader reader);

    /// <summary>Starts an array of <paramref name="count"/> elements (-1 when not known, only where <see cref="CountsFirst"/> is false).</summary>
    static abstract void WriteBeginArray(ref TWriter writer, int count);

    /// <summary>Ends an array.</summary>
    static abstract void WriteEndArray(ref TWriter writer);

    /// <summary>Reads the start of an array; returns the count it claims, or -1 when it claims none.</summary>
    static abstract int ReadBeginArray(ref TReader reader);

    /// <summary>Whether another element follows, the <paramref name="read"/> ones before it of the <paramref name="claimed"/> count.</summary>
    static abstract bool ReadIsInArray(ref TReader reader, int claimed, int read);

    /// <summary>Ends an array that claimed <paramref name="claimed"/> elements and held <paramref name="read"/>.</summary>
    static abstract void ReadEndArray(ref TReader reader, int claimed, int read);

    /// <summary>The capacity to pre-size a collection with for a <paramref name="claimed"/> count (see <see cref="Buffers.Presizing"/>).</summary>
    static abstract int PresizeFor(ref TReader reader, int claimed);

    /// <summary>
    /// Whether a <see cref="System.Collections.Concurrent.ConcurrentDictionary{TKey, TValue}"/> keeps the first value of a
    /// repeated key (MessagePack-CSharp fills one with TryAdd), not the last.
    /// </summary>
    static abstract bool ConcurrentDictionariesKeepFirstValue { get; }


    /// <summary>Whether the reader fails on a key that an object or map repeats.</summary>
    static abstract bool RejectsDuplicateKeys(ref TReader reader);

    /// <summary>An error at the value being read, which the caller answers with a 400.</summary>
    static abstract FormatReadException Error(ref TReader reader, string message);

    /// <summary>Starts a dictionary of <paramref name="count"/> entries (-1 when not known, only where <see cref="CountsFirst"/> is false).</summary>
    static abstract void WriteBeginMap(ref TWriter writer, int count);

    /// <summary>Ends a dictionary.</summary>
    static abstract void WriteEndMap(ref TWriter writer);

    /// <summary>Reads the start of a dictionary; returns the count of entries it claims, or -1 when it claims none.</summary>
    static abstract int ReadBeginMap(ref TReader reader);

    /// <summary>Whether another entry follows, the <paramref name="read"/> ones before it of the <paramref name="claimed"/> count.</summary>
    static abstract bool ReadIsInMap(ref TReader reader, int claimed, int read);

    /// <summary>Ends a dictionary that claimed <paramref name="claimed"/> entries and held <paramref name="read"/>.</summary>
    static abstract void ReadEndMap(ref TReader reader, int claimed, int read);

    /// <summary>
    /// The key of a dictionary keyed by a primitive integer type, which formats write differently (JSON as text, MessagePack
    /// as an integer); string and GUID keys are text in every format (<see cref="TextKey{TCodec, TWriter, TReader, TKey}"/>).
    /// </summary>
    static abstract DictionaryKey<TKey, TWriter, TReader> IntegerKey<TKey>()
        where TKey : System.Numerics.IBinaryInteger<TKey>, System.Numerics.IMinMaxValue<TKey>, IUtf8SpanFormattable;

    /// <summary>
    /// The value of an object type read from null: the default, or an error for a struct, in the format's words (null,
    /// nil).
    /// </summary>
    static abstract T NullObject<T>(ref TReader reader);

    /// <summary>
    /// Starts an object (<see cref="ObjectComposite{TCodec, TWriter, TReader, T}"/>) of <paramref name="count"/> members,
    /// counted only where <see cref="CountsFirst"/> (-1 otherwise); <see cref="WriteEndMap"/> ends it.
    /// </summary>
    static abstract void WriteBeginObject(ref TWriter writer, int count);

    /// <summary>
    /// A member's name in the bytes this format writes it as, encoded once when the object's converter is built; the
    /// format's members write it.
    /// </summary>
    static abstract FormatMemberName EncodeMemberName(EncodedName name);

    /// <summary>Writes a name known only now (an extension data key, a dictionary key); its value comes next.</summary>
    static abstract void WriteMemberName(ref TWriter writer, string name);

    /// <summary>Writes a name known only now that is ASCII and needs no escaping (a formatted GUID key); its value comes next.</summary>
    static abstract void WriteAsciiMemberName(ref TWriter writer, scoped ReadOnlySpan<byte> ascii);

    /// <summary>
    /// Consumes the next member name when the input continues with exactly the bytes of <paramref name="name"/>, one that
    /// <see cref="EncodeMemberName"/> encoded: the member expected next is matched without reading its name.
    /// </summary>
    static abstract bool TryReadMemberName(ref TReader reader, FormatMemberName name);

    /// <summary>
    /// Skips the next entry, key and value, when its key cannot be a member's name (a MessagePack key that is not a
    /// string), and says whether it did.
    /// </summary>
    static abstract bool SkipEntryIfUnnamed(ref TReader reader);

    /// <summary>
    /// Reads the next member name, unescaped but not checked to be UTF-8: a name that matches no member's must go through
    /// <see cref="EnsureUtf8"/> before any other use.
    /// </summary>
    static abstract ReadOnlySpan<byte> ReadUncheckedMemberName(scoped ref TReader reader);

    /// <summary>Fails unless <paramref name="utf8"/> is valid UTF-8, as every string read is.</summary>
    static abstract void EnsureUtf8(ref TReader reader, ReadOnlySpan<byte> utf8);

    /// <summary>Skips the value of a member named <paramref name="name"/> that the type does not have.</summary>
    static abstract void SkipUnknownMemberValue(ref TReader reader, ReadOnlySpan<byte> name);

    /// <summary>
    /// Writes a value declared as <see cref="object"/>, neither null nor a plain <see cref="object"/>, by its runtime
    /// <paramref name="type"/>: through <paramref name="resolver"/>'s converter of that type, or in the format's own form
    /// for values held as object (MessagePack's fixed-width integers).
    /// </summary>
    static abstract void WriteRuntimeTyped(ref TWriter writer, ConverterResolver resolver, Type type, object value);

    /// <summary>
    /// Reads the key of a map read into <c>Dictionary&lt;string, object?&gt;</c> (<see cref="ObjectValues{TCodec, TWriter, TReader}"/>):
    /// a JSON member name, a MessagePack string or an integer as its decimal text.
    /// </summary>
    static abstract string ReadObjectKey(ref TReader reader);

    /// <summary>Writes a string, or null for <see langword="null"/> (a document's strings).</summary>
    static abstract void WriteString(ref TWriter writer, string? value);

    /// <summary>Writes a boolean (a document's booleans).</summary>
    static abstract void WriteBoolean(ref TWriter writer, bool value);

    /// <summary>Writes a document's number, <paramref name="number"/> (JSON its text, MessagePack the number it holds).</summary>
    static abstract void WriteElementNumber(ref TWriter writer, System.Text.Json.JsonElement number);

    /// <summary>
    /// Reads the next value into a JSON document of its own (<see cref="Documents{TCodec, TWriter, TReader}"/>): JSON parses
    /// its text; MessagePack reads it through <paramref name="values"/>, its converter of values typed object (JSON's is null).
    /// </summary>
    static abstract System.Text.Json.JsonDocument ReadDocument(ref TReader reader, ValueConverter<object?>? values);

    /// <summary>Writes a union's value of the case <paramref name="tag"/> through its subtype's <paramref name="converter"/>.</summary>
    static abstract void WriteUnionCase(ref TWriter writer, int tag, ValueConverter converter, object value);

    /// <summary>Reads a union's value (null included) through the converter of its case's tag, or fails where the format carries no tags.</summary>
    static abstract T ReadUnionCase<T>(ref TReader reader, Dictionary<int, ValueConverter> byTag);

    /// <summary>The schema of a union's case <paramref name="tag"/>, whose subtype's value is <paramref name="value"/>.</summary>
    static abstract System.Text.Json.Nodes.JsonObject DescribeUnionCase(int tag, System.Text.Json.Nodes.JsonObject value);
}
