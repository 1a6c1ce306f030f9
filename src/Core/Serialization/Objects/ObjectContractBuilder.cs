using System.Reflection;
using FastFormatters.Serialization.Contracts;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Serialization.Objects;

/// <summary>
/// Builds the <see cref="ObjectContract{T}"/> of a plain object type once, from what its resolver's
/// <see cref="ContractRules"/> describe (which members, their names or keys, omission, order and constructor), and
/// hands it to the object converter of the resolver's format. The members, constructors and accessors come from the
/// object's <see cref="ObjectShape{T}"/>, generated or made by reflection (<see cref="ReflectionShapeProvider"/>) alike;
/// a shape that gives less than the contract needs (a member or accessor it serializes) refuses the type by name.
/// </summary>
internal static class ObjectContractBuilder
{
    /// <summary>The converter of <typeparamref name="T"/>, from its members, constructors and accessors as <paramref name="shape"/> gives them.</summary>
    /// <exception cref="NotSupportedException">The contract cannot be built: the shape does not give a member or accessor it needs, say.</exception>
    public static ValueConverter Build<T>(ObjectShape<T> shape, ConverterResolver resolver)
    {
        var converter = resolver.Family.CreateObject<T>();
        resolver.RegisterInProgress(typeof(T), (ValueConverter)converter);

        var rules = resolver.Rules;
        var required = new HashSet<ObjectMember<T>>();
        var described = DescribeMembers(typeof(T), rules, shape.DiscoverMembers(rules), out var extensionDataProperty);
        var extensionData = extensionDataProperty is null
            ? null
            : shape.Find(extensionDataProperty).CreateExtensionData((ValueConverter<object?>)resolver.GetConverter(typeof(object)));
        if (resolver.Settings.ContractModifiers.Length > 0)
        {
            described = Modify(typeof(T), resolver, described);
        }

        var ordered = new ObjectMember<T>[described.Count];
        var orders = new int[described.Count];
        for (int i = 0; i < ordered.Length; i++)
        {
            var (member, contract) = described[i];
            var valueType = MemberAccess.ValueType(member);
            var valueConverter = resolver.GetConverter(valueType);
            if (contract.NumberHandling is { } handling)
            {
                valueConverter = WithNumberHandling(valueType, valueConverter, handling, resolver.Family);
            }

            var objectMember = shape.Find(member).CreateMember(new EncodedName(contract.Name), contract.Key, valueConverter, contract.Omission, contract.CanGet, contract.CanSet);
            ordered[i] = objectMember;
            orders[i] = contract.Order;
            if (contract.Required)
            {
                required.Add(objectMember);
            }
        }

        ThrowOnDuplicateNames(typeof(T), ordered);
        MemberOrder.Sort(ordered, orders);

        string? readUnsupported = ChooseConstructor(typeof(T), rules, shape.Constructors, ordered, out bool createsWithoutArguments, out var constructor);
        var create = createsWithoutArguments ? shape.Create : null;
        if (createsWithoutArguments && create is null)
        {
            // Writing needs no constructor: only reading is refused, in the shape's words.
            readUnsupported = $"The shape of {typeof(T)} gives no way to create it without arguments, which reading it needs.";
        }

        // Loops rather than LINQ with lambdas here and below: each lambda is a method more for the JIT in the first request.
        var read = new List<ObjectMember<T>>(ordered.Length);
        var written = new List<ObjectMember<T>>(ordered.Length);
        bool writesUnassignable = rules.WritesUnassignableMembers(typeof(T));
        foreach (var member in ordered)
        {
            if ((member.CanSet || member.IsConstructorParameter) && member.ValueIsReadable)
            {
                read.Add(member);
            }

            if (member.CanGet && (writesUnassignable || member.CanSet || member.IsConstructorParameter))
            {
                written.Add(member);
            }
        }

        var readMembers = read.ToArray();
        int requiredCount = 0;
        for (int i = 0; i < readMembers.Length; i++)
        {
            readMembers[i].ReadIndex = i;
            if (required.Contains(readMembers[i]))
            {
                readMembers[i].RequiredIndex = requiredCount++ < 64
                    ? requiredCount - 1
                    : throw new NotSupportedException($"{typeof(T)} has more than 64 required members.");
            }
        }

        ConstructorPlan<T>? plan = null;
        if (constructor is not null)
        {
            var parameters = constructor.Constructor.GetParameters();
            var indexes = new int[parameters.Length];
            for (int i = 0; i < parameters.Length; i++)
            {
                indexes[i] = IndexOfBound(readMembers, parameters[i]);
            }

            plan = new ConstructorPlan<T>(constructor.Constructor, constructor.Invoke, indexes, readMembers);
        }

        converter.Initialize(new ObjectContract<T>(
            written.ToArray(),
            readMembers,
            KeyedLayout(typeof(T), ordered),
            create,
            plan,
            extensionData,
            readUnsupported,
            rules.MatchesNamesIgnoringCase,
            rules.RejectsUnmappedMembers(typeof(T))));
        return (ValueConverter)converter;
    }

    /// <summary>
    /// Refuses a plain object type that <paramref name="writtenBy"/> serializes instead of a converter built from its
    /// contract, when the app's contract modifiers would change its members: they cannot apply there, and writing it
    /// unchanged would send what a modifier meant to leave out or rename.
    /// </summary>
    /// <exception cref="NotSupportedException">A modifier changes the type's members.</exception>
    public static void RefuseIfModified(Type type, ConverterResolver resolver, string writtenBy)
    {
        if (resolver.Settings.ContractModifiers.Length == 0 || type.IsPrimitive || typeof(System.Collections.IEnumerable).IsAssignableFrom(type))
        {
            return;
        }

        // Without reflection a type with no shape has no members to modify here; it is refused by name where it is built.
        var serialized = resolver.Settings.Reflection is { } reflection ? ((IObjectShape)reflection.ObjectShapeOf(type)).DiscoverMembers(resolver.Rules)
            : resolver.Settings.GetShape(type) is IObjectShape shape ? shape.DiscoverMembers(resolver.Rules)
            : [];
        var described = DescribeMembers(type, resolver.Rules, serialized, out _);
        if (!Modify(type, resolver, described).SequenceEqual(described))
        {
            throw new NotSupportedException(
                $"{type} is written by {writtenBy}, so the app's contract modifiers, which change its members, cannot apply to it; "
                + "change it where that serializer is configured (for System.Text.Json, the TypeInfoResolver modifiers of the app's JsonOptions) "
                + "or leave it out of the contract modifiers.");
        }
    }

    // The members the rules serialize, each as they describe it, and the extension-data property if there is one.
    private static List<DescribedMember> DescribeMembers(Type type, ContractRules rules, IReadOnlyList<MemberInfo> serialized, out PropertyInfo? extensionData)
    {
        extensionData = null;
        var described = new List<DescribedMember>();
        foreach (var member in serialized)
        {
            if (rules.IsExtensionData(member))
            {
                extensionData = (PropertyInfo)member;
                continue;
            }

            described.Add(new DescribedMember(member, rules.Describe(type, member)));
        }

        return described;
    }

    // Runs the app's contract modifiers over the described members; what they leave, as they leave it, is the contract.
    private static List<DescribedMember> Modify(Type type, ConverterResolver resolver, List<DescribedMember> described)
    {
        var originals = new Dictionary<ObjectMemberInfo, MemberContract>(described.Count);
        var infos = new List<ObjectMemberInfo>(described.Count);
        foreach (var (member, contract) in described)
        {
            var info = new ObjectMemberInfo(member, MemberAccess.ValueType(member), contract.Name, contract.Key, contract.Order, contract.Omission, contract.Required);
            originals.Add(info, contract);
            infos.Add(info);
        }

        var view = new ObjectContractInfo(type, resolver.Family.Family, infos);
        foreach (var modify in resolver.Settings.ContractModifiers)
        {
            modify(view);
        }

        var modified = new List<DescribedMember>(view.Members.Count);
        foreach (var info in view.Members)
        {
            if (info is null || !originals.TryGetValue(info, out var original))
            {
                throw new InvalidOperationException($"A contract modifier left a member in {type} that is not one of its own; remove members or change them, do not add others.");
            }

            if (info.Key != original.Key && view.Family != FormatFamily.MessagePack)
            {
                throw new InvalidOperationException($"A contract modifier set the key of {type}.{info.Member.Name}; keys (array positions) exist in MessagePack only.");
            }

            modified.Add(new DescribedMember(info.Member, original with { Name = info.Name, Key = info.Key, Order = info.Order, Omission = info.Omission, Required = info.IsRequired }));
        }

        return modified;
    }

    // A member's own [JsonNumberHandling]: its number (or nullable number) read and written as it says.
    private static ValueConverter WithNumberHandling(Type valueType, ValueConverter converter, System.Text.Json.Serialization.JsonNumberHandling handling, ConverterFamily family)
    {
        if (ConverterFactory.IsNumber(valueType))
        {
            return family.WithNumberHandling(family.Primitive(valueType)!, handling);
        }

        return Nullable.GetUnderlyingType(valueType) is { } underlying && ConverterFactory.IsNumber(underlying)
            ? family.NullableNumberOf(underlying, family.WithNumberHandling(family.Primitive(underlying)!, handling))
            : converter;
    }

    /// <summary>
    /// For an object encoded as an array (members keyed by integers), the members by key, with null in the gaps;
    /// <see langword="null"/> for objects encoded as maps.
    /// </summary>
    private static ObjectMember<T>?[]? KeyedLayout<T>(Type type, ObjectMember<T>[] members)
    {
        int keyed = 0;
        int maxKey = -1;
        foreach (var member in members)
        {
            if (member.Key >= 0)
            {
                keyed++;
                maxKey = Math.Max(maxKey, member.Key);
            }
        }

        if (keyed == 0)
        {
            return null;
        }

        if (keyed != members.Length)
        {
            throw new NotSupportedException($"The members of {type} mix integer keys with names; key all of them one way.");
        }

        var layout = new ObjectMember<T>?[maxKey + 1];
        foreach (var member in members)
        {
            if (layout[member.Key] is not null)
            {
                throw new NotSupportedException($"Two members of {type} have the key {member.Key}.");
            }

            layout[member.Key] = member;
        }

        return layout;
    }

    private static string? ChooseConstructor<T>(Type type, ContractRules rules, IReadOnlyList<ConstructorShape<T>> constructors, ObjectMember<T>[] members, out bool createsWithoutArguments, out ConstructorShape<T>? constructor)
    {
        createsWithoutArguments = false;
        constructor = null;
        if (type.IsAbstract || type.IsInterface)
        {
            return $"The type {type} is abstract or an interface and cannot be created when reading.";
        }

        if (constructors.Count == 0 && !type.IsValueType)
        {
            return $"The shape of {type} gives no public constructor to create it with when reading.";
        }

        // The one marked constructor, the widest whose parameters all bind to members (the first of equally wide ones),
        // and the first parameterless one.
        ConstructorShape<T>? marked = null;
        int markedCount = 0;
        ConstructorShape<T>? widest = null;
        int widestLength = 0;
        ConstructorShape<T>? parameterless = null;
        foreach (var candidate in constructors)
        {
            if (rules.IsMarkedConstructor(candidate.Constructor))
            {
                marked ??= candidate;
                markedCount++;
            }

            var parameters = candidate.Constructor.GetParameters();
            if (parameters.Length == 0)
            {
                parameterless ??= candidate;
            }
            else if (parameters.Length > widestLength && BindsAll(members, parameters))
            {
                widest = candidate;
                widestLength = parameters.Length;
            }
        }


        // MessagePack-CSharp's rule prefers the widest constructor whose parameters all match members; otherwise the
        // parameterless one comes first. A struct whose members cannot all be assigned (KeyValuePair, a readonly
        // struct) is read through the widest one too where the rules say so, rather than left at its default.
        var chosen = markedCount == 1 ? marked
            : rules.PicksWidestMatchingConstructor && widest is not null ? widest
            : parameterless
            ?? (type.IsValueType ? (HasUnassignable(members) && rules.ReadsStructThroughConstructor(type) ? widest : null) : constructors.Count == 1 ? constructors[0] : null);

        if (chosen is null && !type.IsValueType)
        {
            return $"The type {type} has no public parameterless constructor and several public constructors; mark the one to read with [JsonConstructor] (JSON) or [SerializationConstructor] (MessagePack).";
        }

        if (chosen is null || chosen.Constructor.GetParameters().Length == 0)
        {
            createsWithoutArguments = true;
            return null;
        }

        constructor = chosen;
        foreach (var parameter in chosen.Constructor.GetParameters())
        {
            foreach (var member in members)
            {
                if (IsBoundTo(member, parameter))
                {
                    member.IsConstructorParameter = true;
                }
            }
        }

        return null;
    }

    private static bool IsBoundTo<T>(ObjectMember<T> member, ParameterInfo parameter)
        => string.Equals(member.ClrName, parameter.Name, StringComparison.OrdinalIgnoreCase)
            && parameter.ParameterType.IsAssignableFrom(member.ValueType);

    // The index of the member bound to the parameter, or -1.
    private static int IndexOfBound<T>(ObjectMember<T>[] members, ParameterInfo parameter)
    {
        for (int i = 0; i < members.Length; i++)
        {
            if (IsBoundTo(members[i], parameter))
            {
                return i;
            }
        }

        return -1;
    }

    private static bool BindsAll<T>(ObjectMember<T>[] members, ParameterInfo[] parameters)
    {
        foreach (var parameter in parameters)
        {
            if (IndexOfBound(members, parameter) < 0)
            {
                return false;
            }
        }

        return true;
    }

    private static bool HasUnassignable<T>(ObjectMember<T>[] members)
    {
        foreach (var member in members)
        {
            if (!member.CanSet)
            {
                return true;
            }
        }

        return false;
    }

    private static void ThrowOnDuplicateNames<T>(Type type, ObjectMember<T>[] members)
    {
        var names = new HashSet<string>(StringComparer.Ordinal);
        foreach (var member in members)
        {
            if (!names.Add(member.Name.Name))
            {
                throw new NotSupportedException($"Two members of {type} have the serialized name '{member.Name.Name}'.");
            }
        }
    }

    // A member and how the rules serialize it. A class, so lists of them run the JIT's code shared by all reference
    // types rather than code compiled for a value-type tuple; equal by value, as the modifiers' check compares them.
    private sealed record DescribedMember(MemberInfo Member, MemberContract Contract);
}
