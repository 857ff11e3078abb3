// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {BasePaymaster} from "@account-abstraction/contracts/core/BasePaymaster.sol";
import {_packValidationData} from "@account-abstraction/contracts/core/Helpers.sol";
import {IEntryPoint} from "@account-abstraction/contracts/interfaces/IEntryPoint.sol";
import {PackedUserOperation} from "@account-abstraction/contracts/interfaces/PackedUserOperation.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";

/// @title The All-Access Pass's verifying paymaster (ERC-4337 v0.8)
/// @notice Pays the gas of a UserOperation the sponsor's signer granted: the cloud's paymaster service signs a grant
/// only for calls inside a project's sponsorship policy (SECURITY.md). The grant covers every field of the operation
/// but the account's signature — gas limits and fees included — so the cost it bounds is the cost paid. It pays only
/// for accounts delegated (EIP-7702) to `accountImplementation`, whose calls the service can read.
/// paymasterData = validUntil (6 bytes) ‖ validAfter (6 bytes) ‖ signature (65 bytes) over `grantHash`, EIP-191.
contract SponsorPaymaster is BasePaymaster {
    /// @notice Signs the grants. Immutable: validation reads no storage, so the paymaster needs no stake.
    address public immutable signer;
    /// @notice The implementation an account must be delegated to (code 0xef0100 ‖ address).
    address public immutable accountImplementation;

    uint256 private constant TIMES_LENGTH = 12;
    uint256 private constant SIGNATURE_LENGTH = 65;

    error BadPaymasterData(uint256 length);
    error AccountNotDelegated(address sender);

    constructor(IEntryPoint entryPoint_, address owner_, address signer_, address accountImplementation_)
        BasePaymaster(entryPoint_)
    {
        // Deployed through the CREATE2 deployer, which would otherwise be the owner.
        _transferOwnership(owner_);
        signer = signer_;
        accountImplementation = accountImplementation_;
    }

    /// @notice What the signer signs (after the EIP-191 prefix) for `userOp` valid from `validAfter` to `validUntil`.
    function grantHash(PackedUserOperation calldata userOp, uint48 validUntil, uint48 validAfter)
        public
        view
        returns (bytes32)
    {
        return keccak256(
            abi.encode(
                userOp.sender,
                userOp.nonce,
                keccak256(userOp.initCode),
                keccak256(userOp.callData),
                userOp.accountGasLimits,
                // The paymaster's own verification and post-op gas limits.
                bytes32(userOp.paymasterAndData[PAYMASTER_VALIDATION_GAS_OFFSET:PAYMASTER_DATA_OFFSET]),
                userOp.preVerificationGas,
                userOp.gasFees,
                block.chainid,
                address(this),
                validUntil,
                validAfter
            )
        );
    }

    function _validatePaymasterUserOp(PackedUserOperation calldata userOp, bytes32, uint256)
        internal
        view
        override
        returns (bytes memory context, uint256 validationData)
    {
        bytes calldata data = userOp.paymasterAndData[PAYMASTER_DATA_OFFSET:];
        if (data.length != TIMES_LENGTH + SIGNATURE_LENGTH) revert BadPaymasterData(data.length);
        if (keccak256(userOp.sender.code) != keccak256(abi.encodePacked(hex"ef0100", accountImplementation))) {
            revert AccountNotDelegated(userOp.sender);
        }
        uint48 validUntil = uint48(bytes6(data[0:6]));
        uint48 validAfter = uint48(bytes6(data[6:12]));
        bytes32 digest = MessageHashUtils.toEthSignedMessageHash(grantHash(userOp, validUntil, validAfter));
        (address recovered, ECDSA.RecoverError failure,) = ECDSA.tryRecover(digest, data[TIMES_LENGTH:]);
        bool granted = failure == ECDSA.RecoverError.NoError && recovered == signer;
        // A failed signature is reported, not reverted, so a stub grant still lets the bundler estimate gas.
        return ("", _packValidationData(!granted, validUntil, validAfter));
    }
}
