// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface INamesRegistry {
    function resolver(bytes32 node) external view returns (address);
}

/// @dev The batch gateway protocol (ENS's, which viem also answers locally for "x-batch-gateway:true"): one request
/// per resolver lookup, each with the resolver as sender, so the resolver's gateway signs for the resolver.
interface IBatchGateway {
    struct Query {
        address sender;
        string[] urls;
        bytes data;
    }

    function query(Query[] memory queries) external view returns (bool[] memory failures, bytes[] memory responses);
}

/// @notice The Universal Resolver entry points ENS clients call (viem's getEnsAddress, getEnsText and getEnsAvatar
/// call `resolveWithGateways`, getEnsName `reverseWithGateways`), over a NamesRegistry. It finds a name's resolver
/// (the name's own, else the nearest parent's if it is an ENSIP-10 wildcard resolver) and follows its CCIP-Read
/// lookups (ERC-3668) by re-raising them as its own through the caller's batch gateways, so a client only ever
/// talks to this contract.
contract NamesUniversalResolver {
    bytes4 private constant EXTENDED_RESOLVER = 0x9061b923; // resolve(bytes,bytes)
    bytes4 private constant SUPPORTS_INTERFACE = 0x01ffc9a7;
    bytes4 private constant OFFCHAIN_LOOKUP = 0x556f1830;
    bytes4 private constant ADDR = 0x3b3b57de; // addr(bytes32)
    bytes4 private constant ADDR_COIN = 0xf1cb7e06; // addr(bytes32,uint256)
    bytes4 private constant NAME = 0x691f3431; // name(bytes32)
    uint256 private constant ETH_COIN_TYPE = 60;
    uint256 private constant DEFAULT_EVM_COIN_TYPE = 0x80000000;
    bytes16 private constant HEX = "0123456789abcdef";

    INamesRegistry public immutable registry;

    /// @dev What to ask a resolver and what to do with its answer (`next(answer, nextData)` on this contract).
    struct Lookup {
        bytes name;
        bytes data;
        string[] gateways;
        bytes4 next;
        bytes nextData;
    }

    /// @dev A resolver's pending lookup and what to do with its answer.
    struct Step {
        address resolver;
        bytes4 callback;
        bytes extraData;
        bool extended;
        bytes4 next;
        bytes nextData;
    }

    /// @dev What a reverse lookup carries from the name to the check of its address.
    struct Reverse {
        bytes lookupAddress;
        uint256 coinType;
        string primary;
        address resolver;
        address reverseResolver;
        string[] gateways;
    }

    error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData);
    error ResolverNotFound(bytes name);
    error ResolverNotContract(bytes name, address resolver);
    error ResolverError(bytes errorData);
    error HttpError(uint16 status, string message);
    error InvalidBatchGatewayResponse();
    error ReverseAddressMismatch(string primary, bytes primaryAddress);
    error DNSDecodingFailed(bytes dns);
    error DNSEncodingFailed(string ens);
    error OnlySelf();

    constructor(INamesRegistry registry_) {
        registry = registry_;
    }

    /// @dev The continuations below are steps of one lookup, callable only from this contract.
    modifier onlySelf() {
        if (msg.sender != address(this)) revert OnlySelf();
        _;
    }

    /// @return result The resolver's answer to `data` (ABI-encoded as the resolver function returns it).
    /// @return resolver The resolver that answered.
    function resolveWithGateways(bytes memory name, bytes memory data, string[] memory gateways)
        external
        view
        returns (bytes memory, address)
    {
        (address found, bool exact) = findResolver(name);
        _resolve(found, exact, Lookup(name, data, gateways, this.resolveDone.selector, abi.encode(found)));
    }

    function resolveDone(bytes memory result, bytes memory found)
        external
        view
        onlySelf
        returns (bytes memory, address)
    {
        return (result, abi.decode(found, (address)));
    }

    /// @notice ENSIP-19 reverse resolution: the primary name of `lookupAddress` for `coinType`, checked by resolving
    /// that name's address for `coinType` forward (ReverseAddressMismatch otherwise). An address without a primary
    /// name gives "".
    function reverseWithGateways(bytes memory lookupAddress, uint256 coinType, string[] memory gateways)
        external
        view
        returns (string memory, address, address)
    {
        bytes memory reverseName = _reverseName(lookupAddress, coinType);
        (address found, bool exact) = findResolver(reverseName);
        bytes memory data = abi.encodeWithSelector(NAME, _namehash(reverseName, 0));
        bytes memory state = abi.encode(Reverse(lookupAddress, coinType, "", address(0), found, gateways));
        _resolve(found, exact, Lookup(reverseName, data, gateways, this.reverseNameDone.selector, state));
    }

    function reverseNameDone(bytes memory result, bytes memory stateData)
        external
        view
        onlySelf
        returns (string memory, address, address)
    {
        Reverse memory state = abi.decode(stateData, (Reverse));
        state.primary = abi.decode(result, (string));
        if (bytes(state.primary).length == 0) return ("", address(0), state.reverseResolver);
        bytes memory name = _dnsEncode(state.primary);
        (address found, bool exact) = findResolver(name);
        state.resolver = found;
        bytes32 node = _namehash(name, 0);
        bytes memory data = state.coinType == ETH_COIN_TYPE
            ? abi.encodeWithSelector(ADDR, node)
            : abi.encodeWithSelector(ADDR_COIN, node, state.coinType);
        _resolve(found, exact, Lookup(name, data, state.gateways, this.reverseAddressDone.selector, abi.encode(state)));
    }

    function reverseAddressDone(bytes memory result, bytes memory stateData)
        external
        view
        onlySelf
        returns (string memory, address, address)
    {
        Reverse memory state = abi.decode(stateData, (Reverse));
        bytes memory primaryAddress = state.coinType == ETH_COIN_TYPE
            ? abi.encodePacked(abi.decode(result, (address)))
            : abi.decode(result, (bytes));
        if (keccak256(primaryAddress) != keccak256(state.lookupAddress)) {
            revert ReverseAddressMismatch(state.primary, primaryAddress);
        }
        return (state.primary, state.resolver, state.reverseResolver);
    }

    /// @notice The CCIP-Read callback: hands the batch gateway's one answer to the resolver's own callback (which
    /// checks it), then goes on with the lookup.
    function ccipCallback(bytes calldata response, bytes calldata stepData) external view {
        Step memory step = abi.decode(stepData, (Step));
        (bool[] memory failures, bytes[] memory responses) = abi.decode(response, (bool[], bytes[]));
        if (failures.length != 1 || responses.length != 1) revert InvalidBatchGatewayResponse();
        if (failures[0]) {
            bytes memory failure = responses[0];
            if (bytes4(failure) != HttpError.selector) revert ResolverError(failure);
            assembly {
                revert(add(failure, 32), mload(failure))
            }
        }
        (bool ok, bytes memory answer) =
            step.resolver.staticcall(abi.encodeWithSelector(step.callback, responses[0], step.extraData));
        if (!ok) revert ResolverError(answer);
        _continue(step.next, step.extended ? abi.decode(answer, (bytes)) : answer, step.nextData);
    }

    /// @notice The resolver of a DNS-encoded name, and whether it is the name's own (not a parent's).
    function findResolver(bytes memory name) public view returns (address resolver, bool exact) {
        uint256 offset = 0;
        while (true) {
            resolver = registry.resolver(_namehash(name, offset));
            if (resolver != address(0)) return (resolver, offset == 0);
            uint256 length = uint8(name[offset]);
            if (length == 0) return (address(0), false);
            offset += length + 1;
        }
    }

    /// @dev Asks `resolver` for `lookup.data` about `lookup.name`, then continues with `next(answer, nextData)` on
    /// this contract; never returns: it returns or reverts the lookup's final answer, or raises an OffchainLookup.
    function _resolve(address resolver, bool exact, Lookup memory lookup) private view {
        if (resolver == address(0)) revert ResolverNotFound(lookup.name);
        if (resolver.code.length == 0) revert ResolverNotContract(lookup.name, resolver);
        bool extended = _supportsExtended(resolver);
        // ENSIP-10: a parent's resolver answers for a name only if it is a wildcard resolver.
        if (!extended && !exact) revert ResolverNotFound(lookup.name);
        (bool ok, bytes memory answer) = resolver.staticcall(
            extended ? abi.encodeWithSelector(EXTENDED_RESOLVER, lookup.name, lookup.data) : lookup.data
        );
        if (ok) _continue(lookup.next, extended ? abi.decode(answer, (bytes)) : answer, lookup.nextData);
        _forwardLookup(answer, lookup.gateways, Step(resolver, 0, "", extended, lookup.next, lookup.nextData));
    }

    /// @dev Re-raises the resolver's OffchainLookup as this contract's (ERC-3668 wants the called contract as
    /// sender), as a one-query batch to `gateways` that keeps the resolver as the query's sender, and the resolver's
    /// callback and extra data for ccipCallback; any other revert is a ResolverError.
    function _forwardLookup(bytes memory answer, string[] memory gateways, Step memory step) private view {
        if (bytes4(answer) != OFFCHAIN_LOOKUP) revert ResolverError(answer);
        (address sender, string[] memory urls, bytes memory callData, bytes4 callback, bytes memory extraData) =
            abi.decode(_afterSelector(answer), (address, string[], bytes, bytes4, bytes));
        if (sender != step.resolver) revert ResolverError(answer);
        step.callback = callback;
        step.extraData = extraData;
        IBatchGateway.Query[] memory queries = new IBatchGateway.Query[](1);
        queries[0] = IBatchGateway.Query(sender, urls, callData);
        revert OffchainLookup(
            address(this),
            gateways,
            abi.encodeCall(IBatchGateway.query, (queries)),
            this.ccipCallback.selector,
            abi.encode(step)
        );
    }

    /// @dev Calls `next(result, nextData)` on this contract and ends the call with its return or revert data.
    function _continue(bytes4 next, bytes memory result, bytes memory nextData) private view {
        (bool ok, bytes memory output) = address(this).staticcall(abi.encodeWithSelector(next, result, nextData));
        assembly {
            switch ok
            case 0 { revert(add(output, 32), mload(output)) }
            default { return(add(output, 32), mload(output)) }
        }
    }

    function _supportsExtended(address resolver) private view returns (bool) {
        (bool ok, bytes memory answer) =
            resolver.staticcall{gas: 30_000}(abi.encodeWithSelector(SUPPORTS_INTERFACE, EXTENDED_RESOLVER));
        return ok && answer.length >= 32 && abi.decode(answer, (bool));
    }

    /// @dev EIP-137 namehash of the DNS-encoded name from `offset` on.
    function _namehash(bytes memory name, uint256 offset) private pure returns (bytes32) {
        if (offset >= name.length) revert DNSDecodingFailed(name);
        uint256 length = uint8(name[offset]);
        if (length == 0) return bytes32(0);
        if (offset + length + 1 >= name.length) revert DNSDecodingFailed(name);
        bytes32 labelHash;
        assembly {
            labelHash := keccak256(add(add(name, 33), offset), length)
        }
        return keccak256(abi.encodePacked(_namehash(name, offset + length + 1), labelHash));
    }

    /// @dev "alice.allaccess.eth" as DNS wire format: each label behind its length, then a zero byte.
    function _dnsEncode(string memory ens) private pure returns (bytes memory out) {
        bytes memory text = bytes(ens);
        out = new bytes(text.length + 2);
        uint256 start = 0;
        for (uint256 i = 0; i <= text.length; i++) {
            if (i < text.length && text[i] != ".") continue;
            uint256 length = i - start;
            if (length == 0 || length > 255) revert DNSEncodingFailed(ens);
            out[start] = bytes1(uint8(length));
            for (uint256 j = start; j < i; j++) {
                out[j + 1] = text[j];
            }
            start = i + 1;
        }
    }

    /// @dev ENSIP-19: "<address in hex>.addr.reverse" for coin type 60, ".default.reverse" for the default EVM coin
    /// type, else ".<coin type in hex>.reverse"; DNS-encoded.
    function _reverseName(bytes memory lookupAddress, uint256 coinType) private pure returns (bytes memory) {
        bytes memory coinLabel = coinType == ETH_COIN_TYPE
            ? bytes("addr")
            : coinType == DEFAULT_EVM_COIN_TYPE ? bytes("default") : _hex(abi.encodePacked(coinType), true);
        bytes memory addressLabel = _hex(lookupAddress, false);
        return abi.encodePacked(
            uint8(addressLabel.length), addressLabel, uint8(coinLabel.length), coinLabel, uint8(7), "reverse", uint8(0)
        );
    }

    /// @dev Lower-case hex of `data`, leading zeros dropped when `trim` (at least one digit left).
    function _hex(bytes memory data, bool trim) private pure returns (bytes memory out) {
        out = new bytes(data.length * 2);
        uint256 skip = 0;
        bool leading = trim;
        for (uint256 i = 0; i < out.length; i++) {
            uint8 digit = uint8(data[i / 2]);
            digit = i % 2 == 0 ? digit >> 4 : digit & 15;
            if (leading && digit == 0 && i + 1 < out.length) {
                skip++;
                continue;
            }
            leading = false;
            out[i - skip] = HEX[digit];
        }
        assembly {
            mstore(out, sub(mload(out), skip))
        }
    }

    function _afterSelector(bytes memory data) private pure returns (bytes memory out) {
        out = new bytes(data.length - 4);
        for (uint256 i = 0; i < out.length; i++) {
            out[i] = data[i + 4];
        }
    }
}
